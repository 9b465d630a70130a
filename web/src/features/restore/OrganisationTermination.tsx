import { Badge, Button, Card, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { requestApprovalSchema, terminateSchema, type OrganizationSearch } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { Section } from '../../components/Section';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDate } from '../../lib/format';
import { useMusterForm, useSearchForm } from '../../lib/forms';
import { useRequestApproval } from '../approvals/api';
import { useOrganizationSearch, useTerminations } from './api';

type Organisation = OrganizationSearch['items'][number];

/** What asking for a termination takes: the organisation's name typed, and a reason for the approver. */
const askTerminationSchema = z.object({ confirmName: terminateSchema.shape.confirmName, reason: requestApprovalSchema.shape.reason });

/**
 * The typed confirmation: the organisation's name, and a reason. Terminating needs a second
 * platform admin (four eyes), so this asks for it; the approval runs it.
 */
function TerminateDialog({ organisation, onClose }: { organisation: Organisation | null; onClose: () => void }) {
  const { t } = useTranslation('recovery');
  const ask = useRequestApproval();
  const form = useMusterForm(askTerminationSchema, { confirmName: '', reason: '' });
  const typed = form.watch('confirmName');
  const onValid = (body: z.output<typeof askTerminationSchema>) =>
    organisation &&
    ask.mutate(
      { payload: { kind: 'org_terminate', orgId: organisation.id, confirmName: body.confirmName }, reason: body.reason },
      {
        onSuccess: () => {
          toaster.create({
            type: 'success',
            title: t('terminate.asked', { organization: organisation.name }),
            description: t('terminate.askedText'),
          });
          form.reset({ confirmName: '', reason: '' });
          onClose();
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
        },
      },
    );
  return (
    <Dialog.Root open={organisation !== null} onOpenChange={(e) => !e.open && onClose()} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="terminate-dialog">
            <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
              <Dialog.Header>
                <Dialog.Title>{t('terminate.title', { organization: organisation?.name ?? '' })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text>{t('terminate.warning', { members: organisation?.members ?? 0 })}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t('terminate.fourEyes')}
                  </Text>
                  <FormField
                    label={t('terminate.typeName', { organization: organisation?.name ?? '' })}
                    error={form.message('confirmName')}
                    required
                  >
                    <Input {...form.register('confirmName')} autoComplete="off" data-testid="terminate-confirm-name" />
                  </FormField>
                  <FormField label={t('terminate.reason')} error={form.message('reason')} required>
                    <Input {...form.register('reason')} autoComplete="off" data-testid="terminate-reason" />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('terminate.cancel')}
                </Button>
                <Button
                  type="submit"
                  colorPalette="red"
                  loading={ask.isPending}
                  disabled={typed.trim() !== (organisation?.name ?? '').trim()}
                  data-testid="terminate-submit"
                >
                  {t('terminate.submit')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * Terminating organisations (ROOT_ADMIN, DEPUTY_ADMIN): find one, ask for its termination with its
 * name typed to confirm (a second platform admin approves it), and see the terminated ones with
 * their purge dates. Self-contained: the root admin
 * screen mounts it.
 */
export function OrganisationTermination() {
  const { t, i18n } = useTranslation('recovery');
  const [q, setQ] = useState('');
  const search = useOrganizationSearch(q);
  const terminations = useTerminations();
  const searchForm = useSearchForm(q, setQ);
  const [target, setTarget] = useState<Organisation | null>(null);
  return (
    <Section
      id="organisation-termination"
      title={t('terminate.section')}
      text={t('terminate.sectionText')}
      testId="organisation-termination"
    >
      <form noValidate onSubmit={searchForm.onSubmit} role="search">
        <HStack gap="2" align="flex-end">
          <FormField label={t('terminate.search')}>
            <Input {...searchForm.field} type="search" data-testid="terminate-search" />
          </FormField>
          <Button type="submit" variant="outline" data-testid="terminate-search-submit">
            {t('terminate.find')}
          </Button>
        </HStack>
      </form>
      {q &&
        (search.isPending ? (
          <ListSkeleton rows={2} testId="terminate-search-loading" />
        ) : search.isError ? (
          <LoadError title={t('terminate.searchError')} error={search.error} onRetry={() => void search.refetch()} />
        ) : search.data.items.length === 0 ? (
          <EmptyList title={t('terminate.noneFound')} text={t('terminate.noneFoundText', { q })} testId="terminate-none" />
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {search.data.items.map((o) => (
              <Card.Root as="li" key={o.id} variant="outline" data-testid="terminate-result">
                <Card.Body>
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <Stack gap="0">
                      <Text fontWeight="semibold">{o.name}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {t('terminate.members', { members: o.members })}
                      </Text>
                    </Stack>
                    {o.termination?.status === 'terminated' ? (
                      <Badge colorPalette="red">{t('terminationStatus.terminated')}</Badge>
                    ) : (
                      <Button size="sm" colorPalette="red" variant="outline" onClick={() => setTarget(o)} data-testid="terminate-open">
                        {t('terminate.open')}
                      </Button>
                    )}
                  </HStack>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        ))}
      <Stack gap="2">
        <Text fontWeight="semibold">{t('terminate.listTitle')}</Text>
        {terminations.isPending ? (
          <ListSkeleton rows={2} testId="terminations-loading" />
        ) : terminations.isError ? (
          <LoadError title={t('terminate.listError')} error={terminations.error} onRetry={() => void terminations.refetch()} />
        ) : terminations.data.items.length === 0 ? (
          <EmptyList title={t('terminate.listEmpty')} text={t('terminate.listEmptyText')} testId="terminations-empty" />
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" data-testid="terminations">
            {terminations.data.items.map((row) => (
              <Card.Root as="li" key={row.id} variant="subtle" data-testid="termination">
                <Card.Body gap="1">
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <Text fontWeight="semibold">{row.organization.name}</Text>
                    <Badge colorPalette={row.status === 'terminated' ? 'red' : row.status === 'restored' ? 'green' : 'gray'}>
                      {t(`terminationStatus.${row.status}`)}
                    </Badge>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {t('terminate.dates', {
                      terminated: formatDate(row.terminatedAt.slice(0, 10), i18n.language, 'medium'),
                      purge: formatDate(row.purgeAfter.slice(0, 10), i18n.language, 'medium'),
                    })}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
      </Stack>
      <TerminateDialog organisation={target} onClose={() => setTarget(null)} />
    </Section>
  );
}
