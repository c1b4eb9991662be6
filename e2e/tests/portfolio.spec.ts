import sharp from 'sharp';
import type { Project } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import { waitForApp } from './support/hydration.ts';
import { apiOf, freshClient, freshProvider, signedInPage } from './jobs-helpers.ts';

// Issue 11, acceptance 1 (portfolio): a provider creates a project with three photos, picks the
// cover and makes it public; a signed-in client likes it from the profile; a visitor sees it
// without the like button.

/** A JPEG photo of its own colour, as a phone would send it. */
function photo(name: string, colour: string) {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/jpeg', buffer }));
}

test('a provider shows a project with three photos; a client likes it on the profile; a visitor sees it without the like button', async ({ browser, page, request, lng, t }, testInfo) => {
  test.setTimeout(150_000);
  const provider = await freshProvider(request, testInfo, lng);
  const client = await freshClient(request, testInfo, lng);
  const title = lng === 'es' ? 'Baño remodelado en Rincón' : 'Bathroom remodel in Rincón';
  const description = lng === 'es' ? 'Losas nuevas, ducha sin bordes y gabinetes a la medida.' : 'New tiles, a curbless shower and custom cabinets.';

  // The provider creates the project from the portfolio screen.
  const console = await signedInPage(browser, t, provider);
  await console.goto('/provider/portfolio');
  await expect(console.getByRole('heading', { level: 1, name: t('nav:titles.provider_portfolio') })).toBeVisible();
  await expect(console.getByRole('heading', { name: t('portfolio:empty.title') })).toBeVisible();
  await console.getByRole('button', { name: t('portfolio:new_project') }).first().click();
  const dialog = console.getByRole('dialog', { name: t('portfolio:dialog.new_title') });
  await dialog.getByLabel(t('portfolio:fields.title')).fill(title);
  await dialog.getByLabel(t('portfolio:fields.description')).fill(description);
  await dialog.getByTestId('photo-input').setInputFiles(await Promise.all([photo('one.jpg', '#c0392b'), photo('two.jpg', '#27ae60'), photo('three.jpg', '#2980b9')]));
  const tiles = dialog.getByTestId('photo-tile');
  await expect(tiles).toHaveCount(3);
  // Each photo is stored once its cover choice can be made.
  for (let i = 0; i < 3; i += 1) await expect(tiles.nth(i).getByRole('radio', { name: t('portfolio:photos.cover') })).toBeEnabled({ timeout: 30_000 });
  await tiles.nth(2).getByRole('radio', { name: t('portfolio:photos.cover') }).check();
  await dialog.getByLabel(t('portfolio:fields.tags')).fill(lng === 'es' ? 'baño, losa' : 'bathroom, tile');
  const isPublic = dialog.getByRole('checkbox', { name: new RegExp(t('portfolio:fields.is_public')) });
  await isPublic.check();
  await expect(isPublic).toBeChecked();
  await dialog.getByRole('button', { name: t('portfolio:dialog.create') }).click();
  await expect(dialog).toBeHidden();
  const card = console.getByRole('listitem').filter({ has: console.getByRole('heading', { name: title }) });
  await expect(card.getByText(t('portfolio:badge.public'))).toBeVisible();
  await expect(card.getByText(t('portfolio:photo_count', { count: 3 }))).toBeVisible();

  const [saved] = (await apiOf(request, provider).expectOk<{ items: Project[] }>('GET', '/projects/my-projects')).items;
  expect(saved!.is_public).toBe(true);
  expect(saved!.images).toHaveLength(3);
  const cover = saved!.images.find((image) => image.is_cover)!;
  expect(saved!.images.indexOf(cover), 'the third photo is the cover').toBe(2);

  // A signed-in client likes it on the provider's profile.
  const clientPage = await signedInPage(browser, t, client);
  await clientPage.goto(`/providers/${provider.id}`);
  await waitForApp(clientPage);
  const item = clientPage.getByTestId('gallery-project').filter({ hasText: title });
  await expect(item.locator('img')).toHaveAttribute('src', new RegExp(cover.path));
  const like = item.getByRole('button', { name: t('portfolio:gallery.like_label', { title }) });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  expect((await apiOf(request, client).expectOk<{ liked: boolean; likes: number }>('GET', `/projects/${saved!.id}/like-status`))).toEqual({ liked: true, likes: 1 });

  // A visitor sees the project and its like, but no button to like it.
  await page.goto(`/providers/${provider.id}`);
  // The viewer is the app's.
  await waitForApp(page);
  const seen = page.getByTestId('gallery-project').filter({ hasText: title });
  await expect(seen).toBeVisible();
  await expect(seen.getByLabel(t('portfolio:gallery.likes_label', { count: 1 }))).toBeVisible();
  await expect(seen.getByRole('button', { name: t('portfolio:gallery.like_label', { title }) })).toHaveCount(0);
  await seen.getByRole('button', { name: t('portfolio:open', { title }) }).click();
  const viewer = page.getByRole('dialog', { name: title });
  // It opens on the photo the tile showed, the cover (the third), and turns round to the first.
  await expect(viewer.getByText(t('portfolio:viewer.count', { number: 3, count: 3 }))).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText(t('portfolio:viewer.count', { number: 1, count: 3 }))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await console.context().close();
  await clientPage.context().close();
});
