import type { Locator, Page } from '@playwright/test';
import { ratingLabel } from '@resuelve/contract';
import { test, expect } from './support/fixtures.ts';
import type { Translate } from './support/texts.ts';
import { completedJob, freshClient, freshProvider, signedInPage } from './jobs-helpers.ts';

// Issue 11, acceptance 1 (reviews): a client whose job was completed is asked to review it on
// their home, rates 4 with a comment, sees the review on the provider's profile and in
// /client/reviews, edits it; the provider replies from the console; the client sees the reply.
// Issue 27: a second job with the same provider gets its own review, from its appointment card.

const starName = (t: Translate, rating: number) => t('reviews:rating.value', { rating, label: t(`reviews:rating.${ratingLabel(rating)}`) });

function reviewCard(page: Page | Locator, t: Translate, name: string) {
  return page.getByRole('article', { name: t('reviews:card.label', { name }), exact: true });
}

test('a completed job is reviewed from the prompt, shown on the profile and in my reviews, edited, and answered by the provider', async ({ browser, request, lng, t }, testInfo) => {
  test.setTimeout(150_000);
  const provider = await freshProvider(request, testInfo, lng);
  const client = await freshClient(request, testInfo, lng);
  const title = lng === 'es' ? 'Cambiar la llave del fregadero' : 'Replace the sink faucet';
  const firstJob = await completedJob(request, client, provider, title);
  const comment = lng === 'es' ? 'Puntual y limpio. <b>Recomendado</b>.' : 'On time and tidy. <b>Recommended</b>.';
  const edited = lng === 'es' ? 'Puntual, limpio y buen precio.' : 'On time, tidy and a fair price.';
  const reply = lng === 'es' ? '¡Gracias por confiar en nosotros!' : 'Thank you for trusting us!';

  // The client is asked once, on the home that signing in opens: the first showing marks the
  // prompt shown, so a second load of home would (rightly) not ask again.
  const clientPage = await signedInPage(browser, t, client);
  await expect(clientPage).toHaveURL(/\/client\/home$/);
  const prompt = clientPage.getByRole('region', { name: t('reviews:prompt.title'), exact: true });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await expect(prompt).toContainText(title);
  await prompt.getByRole('button', { name: t('reviews:prompt.rate'), exact: true }).click();

  const dialog = clientPage.getByRole('dialog', { name: t('reviews:dialog.title_new', { provider: provider.companyName }), exact: true });
  await expect(dialog).toBeVisible();
  // The stars are a radio group: the keyboard moves from 3 to 4.
  await dialog.getByRole('radio', { name: starName(t, 3), exact: true }).focus();
  await clientPage.keyboard.press('Space');
  await clientPage.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: starName(t, 4), exact: true })).toBeChecked();
  await expect(dialog.getByText(t('reviews:rating.very_good'), { exact: true })).toBeVisible();
  await dialog.getByLabel(t('reviews:dialog.comment'), { exact: true }).fill(comment);
  await dialog.getByRole('button', { name: t('reviews:dialog.submit'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(clientPage.getByText(t('reviews:dialog.saved'), { exact: true })).toBeVisible();
  await expect(prompt).toBeHidden();

  // Asked once: home no longer asks.
  await clientPage.reload();
  await expect(clientPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(clientPage.getByRole('region', { name: t('reviews:prompt.title'), exact: true })).toHaveCount(0);

  // On the provider's profile, with the counts per rating; the typed markup shows as typed.
  await clientPage.goto(`/providers/${provider.id}`);
  const reviews = clientPage.getByRole('region', { name: t('reviews:profile.title'), exact: true });
  const onProfile = reviewCard(reviews, t, lng === 'es' ? 'Marisol R.' : 'Megan R.');
  await expect(onProfile).toContainText(comment, { timeout: 20_000 });
  await expect(onProfile).toContainText(starName(t, 4));
  await expect(reviews.getByRole('list', { name: t('reviews:profile.distribution'), exact: true })).toContainText(t('reviews:profile.bar', { stars: 4, count: 1 }));

  // In /client/reviews, edited there.
  await clientPage.goto('/client/reviews');
  const mine = reviewCard(clientPage, t, provider.companyName);
  await expect(mine).toContainText(comment);
  await mine.getByRole('button', { name: t('reviews:mine.edit'), exact: true }).click();
  const editDialog = clientPage.getByRole('dialog', { name: t('reviews:dialog.title_edit', { provider: provider.companyName }), exact: true });
  await expect(editDialog.getByRole('radio', { name: starName(t, 4), exact: true })).toBeChecked();
  await editDialog.getByLabel(t('reviews:dialog.comment'), { exact: true }).fill(edited);
  await editDialog.getByRole('button', { name: t('reviews:dialog.update'), exact: true }).click();
  await expect(editDialog).toBeHidden();
  await expect(mine).toContainText(edited);

  // The provider answers from the console's dashboard.
  const providerPage = await signedInPage(browser, t, provider);
  await providerPage.goto('/provider/home');
  const forMe = providerPage.getByRole('region', { name: t('reviews:console.title'), exact: true });
  const toAnswer = reviewCard(forMe, t, lng === 'es' ? 'Marisol R.' : 'Megan R.');
  await expect(toAnswer).toContainText(edited, { timeout: 20_000 });
  await toAnswer.getByRole('button', { name: t('reviews:console.reply'), exact: true }).click();
  await toAnswer.getByLabel(t('reviews:console.reply_label'), { exact: true }).fill(reply);
  await toAnswer.getByRole('button', { name: t('reviews:console.reply_save'), exact: true }).click();
  await expect(toAnswer).toContainText(reply);
  await expect(toAnswer.getByRole('button', { name: t('reviews:console.reply_edit'), exact: true })).toBeVisible();

  // The client sees the reply with their review.
  await clientPage.reload();
  await expect(mine).toContainText(reply, { timeout: 20_000 });
  await expect(mine).toContainText(t('reviews:card.reply_title', { provider: provider.companyName }));

  // A second job with the same provider: its card in Mis citas offers "Dejar reseña", the first's no longer does.
  const again = lng === 'es' ? 'Revisar el calentador' : 'Check the water heater';
  const secondJob = await completedJob(request, client, provider, again);
  await clientPage.goto('/client/my-appointments');
  const leaveReview = t('reviews:job.write');
  const firstCard = clientPage.getByRole('article', { name: title, exact: true });
  const secondCard = clientPage.getByRole('article', { name: again, exact: true });
  await expect(secondCard.getByRole('button', { name: leaveReview, exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(firstCard.getByRole('button', { name: leaveReview, exact: true })).toHaveCount(0);
  await secondCard.getByRole('button', { name: leaveReview, exact: true }).click();
  const secondDialog = clientPage.getByRole('dialog', { name: t('reviews:dialog.title_new', { provider: provider.companyName }), exact: true });
  await secondDialog.getByRole('radio', { name: starName(t, 3), exact: true }).focus();
  await clientPage.keyboard.press('Space');
  await clientPage.keyboard.press('ArrowRight');
  await clientPage.keyboard.press('ArrowRight');
  await expect(secondDialog.getByRole('radio', { name: starName(t, 5), exact: true })).toBeChecked();
  await secondDialog.getByRole('button', { name: t('reviews:dialog.submit'), exact: true }).click();
  await expect(secondDialog).toBeHidden();
  await expect(secondCard.getByRole('button', { name: leaveReview, exact: true })).toHaveCount(0);

  // Each job's page shows its own review.
  await clientPage.goto(`/client/jobs/${secondJob}`);
  const ownReview = clientPage.getByRole('region', { name: t('reviews:job.title'), exact: true });
  await expect(ownReview).toContainText(starName(t, 5), { timeout: 20_000 });
  await expect(ownReview).not.toContainText(edited);
  await clientPage.goto(`/client/jobs/${firstJob}`);
  await expect(clientPage.getByRole('region', { name: t('reviews:job.title'), exact: true })).toContainText(edited, { timeout: 20_000 });
  // Both are the client's reviews of the provider, and both count on the profile.
  await clientPage.goto('/client/reviews');
  await expect(reviewCard(clientPage, t, provider.companyName)).toHaveCount(2, { timeout: 20_000 });

  await clientPage.context().close();
  await providerPage.context().close();
});
