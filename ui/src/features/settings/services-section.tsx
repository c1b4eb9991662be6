import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { toLocale } from '@resuelve/contract';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { useCategories, useCategorySuggest } from '../../entities/category/api.ts';
import type { Category } from '../../entities/category/api.ts';
import { CategorySelector } from '../../entities/category/category-selector/category-selector.tsx';
import { addOwnServices, providerKeys, providerQueries, removeOwnService } from '../../entities/provider/api.ts';
import { isApiError } from '../../lib/api-error.ts';
import { problemText } from './messages.ts';
import { SaveRow } from './settings-section.tsx';

/** The services a provider offers, chosen with the shared category selector; at least one. */
export function ServicesSection() {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const { data } = useSuspenseQuery({ ...providerQueries.ownServices(locale), meta: { silent: true } });
  return <ServicesForm offered={data} />;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/**
 * Saving adds before it removes (POST …/services/batch, then DELETE …/services/{id} each), so
 * the provider never has zero services in between, which the api refuses.
 */
async function saveServices(input: { chosen: number[]; offered: number[] }): Promise<void> {
  const added = input.chosen.filter((id) => !input.offered.includes(id));
  const removed = input.offered.filter((id) => !input.chosen.includes(id));
  if (added.length) await addOwnServices(added);
  for (const id of removed) await removeOwnService(id);
}

function ServicesForm({ offered }: { offered: Category[] }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const offeredIds = useMemo(() => offered.map((c) => c.id), [offered]);
  const [chosen, setChosen] = useState<number[]>(offeredIds);
  const [baseline, setBaseline] = useState<number[]>(offeredIds);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const categories = useCategories();
  const suggest = useCategorySuggest();
  const dirty = !sameIds(chosen, baseline);
  // The server's list changed (saved, partly saved, another tab): it is the new baseline; changes
  // not saved yet are kept.
  const [seen, setSeen] = useState(offeredIds);
  if (!sameIds(seen, offeredIds)) {
    setSeen(offeredIds);
    setBaseline(offeredIds);
    if (!dirty) setChosen(offeredIds);
  }
  useUnsavedChanges(dirty);
  const save = useMutation({ mutationFn: saveServices, meta: { silent: true } });

  // The selector names chips from the full list; until it arrives, from the services offered.
  const items = useMemo(() => {
    const byId = new Map<number, Category>(offered.map((c) => [c.id, c]));
    for (const c of categories.data ?? []) byId.set(c.id, c);
    return [...byId.values()];
  }, [offered, categories.data]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (chosen.length === 0) {
      setError(t('services.at_least_one'));
      return;
    }
    try {
      await save.mutateAsync({ chosen, offered: baseline });
      setBaseline(chosen);
      toast.success(t('services.saved'));
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'conflict') setError(t('services.at_least_one'));
      else setProblem(problemText(t, failure));
    } finally {
      // Whatever part was saved, the list shown next comes from the server.
      void queryClient.invalidateQueries({ queryKey: providerKeys.ownServices });
      void queryClient.invalidateQueries({ queryKey: providerQueries.own().queryKey });
    }
  }

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <CategorySelector
        label={t('services.label')}
        hint={t('services.hint')}
        value={chosen}
        onChange={(ids) => {
          setChosen(ids);
          setError(ids.length === 0 ? t('services.at_least_one') : null);
        }}
        items={items}
        itemsState={categories.isError ? 'error' : categories.data ? 'ready' : 'loading'}
        onRetryItems={() => void categories.refetch()}
        suggest={suggest}
        error={error}
      />
      <SaveRow pending={save.isPending} problem={problem} label={t('save')} pendingLabel={t('saving')} />
    </form>
  );
}
