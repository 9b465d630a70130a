import {
  Badge,
  Button,
  Card,
  Dialog,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { hasRank, packetPeriodSchema, revokePacketSchema, type PacketState, type PacketView, type RenderRequest } from '@muster/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDate, formatDateTime } from '../../lib/format';
import { useMusterForm } from '../../lib/forms';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSignedInSession } from '../auth/signed-in-session';
import { useRender } from '../documents/useRender';
import { packetKeys, usePackets, useProfiles, useRevokePacket } from './packets-api';
import { RenderProgress } from '../documents/RenderProgress';
import { useWaiverGate } from './WaiverGate';

/** Text people typed, isolated inside a translated sentence (its direction is its own). */
const typed = (text: string) => `\u2068${text}\u2069`;

const STATE_PALETTE: Record<PacketState, string> = { issued: 'green', superseded: 'gray', revoked: 'red' };

/** A render started behind the waiver: `run` asks for the waiver first, then starts it; the list is read again once it is done. */
function useGatedRender(gate: () => Promise<boolean>) {
  const { state, start } = useRender();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (state.kind === 'done') void queryClient.invalidateQueries({ queryKey: packetKeys.list });
  }, [state.kind, queryClient]);
  const run = async (request: RenderRequest) => {
    if (await gate()) await start(request);
  };
  return { state, run, busy: state.kind === 'starting' || state.kind === 'working' };
}

/** A day of the organisation's calendar, `days` before today (YYYY-MM-DD, in the browser's zone). */
function dayOffset(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Generate a packet: a profile and a period, then the render's progress (the waiver first). */
function GenerateCard({ gate }: { gate: () => Promise<boolean> }) {
  const { t, i18n } = useTranslation('packets');
  const profiles = useProfiles();
  const render = useGatedRender(gate);
  const form = useMusterForm(packetPeriodSchema, { profileId: '', from: dayOffset(365), to: dayOffset(0) });
  const submit = form.handleSubmit((values) =>
    render.run({ kind: 'compliance-packet', ...values, language: (i18n.resolvedLanguage ?? 'en') as 'en' }),
  );
  const items = profiles.data?.items ?? [];
  return (
    <Card.Root variant="outline" data-testid="packet-generate">
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          {t('generate.title')}
        </Heading>
        {profiles.isError && (
          <LoadError title={t('generate.profilesError')} error={profiles.error} onRetry={() => void profiles.refetch()} />
        )}
        {profiles.isSuccess && items.length === 0 && (
          <Text color="fg.muted" data-testid="packet-no-profiles">
            {t('generate.noProfiles')}
          </Text>
        )}
        <form noValidate onSubmit={(e) => void submit(e)} data-testid="packet-generate-form">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FormField label={t('generate.profile')} error={form.message('profileId')} required>
                <NativeSelect.Root>
                  <NativeSelect.Field {...form.register('profileId')} data-testid="packet-profile">
                    <option value="">{t('generate.chooseProfile')}</option>
                    {items.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label={t('generate.from')} error={form.message('from')} required>
                <Input type="date" {...form.register('from')} data-testid="packet-from" />
              </FormField>
              <FormField label={t('generate.to')} error={form.message('to')} required>
                <Input type="date" {...form.register('to')} data-testid="packet-to" />
              </FormField>
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              {t('generate.help')}
            </Text>
            <HStack>
              <Button type="submit" colorPalette="brand" loading={render.busy} data-testid="packet-generate-submit">
                {t('generate.submit')}
              </Button>
            </HStack>
            <RenderProgress state={render.state} testId="packet-generate" />
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** Revoking an issued packet (ADMIN): a reason, recorded and shown on the public page. */
function RevokeDialog({ packet }: { packet: PacketView }) {
  const { t } = useTranslation('packets');
  const [open, setOpen] = useState(false);
  const revoke = useRevokePacket();
  const form = useMusterForm(revokePacketSchema, { reason: '' });
  const submit = form.handleSubmit((body) =>
    revoke.mutate(
      { id: packet.id, reason: body.reason },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('revoke.done', { code: packet.shortCode }) });
          setOpen(false);
        },
        onError: (err) => void form.setServerErrors(err),
      },
    ),
  );
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="red" data-testid="packet-revoke">
          {t('revoke.open')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid="packet-revoke-dialog">
            <form noValidate onSubmit={(e) => void submit(e)}>
              <Dialog.Header>
                <Dialog.Title>{t('revoke.title', { code: packet.shortCode })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text fontSize="sm">{t('revoke.text')}</Text>
                  <FormField label={t('revoke.reason')} error={form.message('reason')} required>
                    <Textarea {...form.register('reason')} rows={3} data-testid="packet-revoke-reason" />
                  </FormField>
                  {revoke.error && !form.formState.errors.reason && (
                    <Text color="fg.error" fontSize="sm" role="alert">
                      {errorText(t, revoke.error)}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setOpen(false)}>
                  {t('revoke.cancel')}
                </Button>
                <Button type="submit" colorPalette="red" loading={revoke.isPending} data-testid="packet-revoke-submit">
                  {t('revoke.submit')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text fontSize="sm">
      <Text as="span" color="fg.muted">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/** One packet: its version, state, period and profile; download (waiver first), re-issue, revoke. */
function PacketItem({
  packet,
  gate,
  canIssue,
  canRevoke,
}: {
  packet: PacketView;
  gate: () => Promise<boolean>;
  canIssue: boolean;
  canRevoke: boolean;
}) {
  const { t, i18n } = useTranslation('packets');
  const language = i18n.resolvedLanguage;
  const download = useGatedRender(gate);
  const reissue = useGatedRender(gate);
  return (
    <Card.Root
      as="li"
      variant="outline"
      data-testid="packet-row"
      data-state={packet.state}
      data-version={packet.version}
      data-code={packet.shortCode}
    >
      <Card.Body py="3" px={{ base: '3', md: '4' }} gap="3">
        <Flex gap="3" justify="space-between" align={{ base: 'stretch', md: 'flex-start' }} direction={{ base: 'column', md: 'row' }}>
          <Stack gap="1" minWidth="0">
            <Wrap gap="2" align="center">
              <Text fontWeight="semibold" dir="auto">
                {packet.profileName}
              </Text>
              <Badge variant="outline">{t('list.version', { version: packet.version })}</Badge>
              <Badge colorPalette={STATE_PALETTE[packet.state]} variant="subtle" data-testid="packet-state">
                {t(`states.${packet.state}`)}
              </Badge>
            </Wrap>
            <Fact label={t('list.period')}>
              {t('list.periodValue', { from: formatDate(packet.from, language, 'medium'), to: formatDate(packet.to, language, 'medium') })}
            </Fact>
            <Fact label={t('list.issued')}>
              {t('list.issuedBy', { date: formatDateTime(packet.issuedAt, language), name: typed(packet.issuedBy) })}
            </Fact>
            <Fact label={t('list.code')}>
              <Text as="span" fontFamily="mono" dir="ltr" data-testid="packet-code">
                {packet.shortCode}
              </Text>
            </Fact>
            {packet.state === 'revoked' && (
              <Text fontSize="sm" color="fg.error" data-testid="packet-revoked-reason">
                {t('list.revoked', { date: formatDateTime(packet.revokedAt!, language), reason: typed(packet.revokedReason ?? '') })}
              </Text>
            )}
            <Text fontSize="xs" color="fg.muted">
              {t('list.downloads', { n: packet.downloads })}
            </Text>
          </Stack>
          <Stack gap="2" align={{ base: 'stretch', md: 'flex-end' }}>
            <Wrap gap="2" justify={{ base: 'flex-start', md: 'flex-end' }}>
              <Button
                size="sm"
                colorPalette="brand"
                loading={download.busy}
                onClick={() =>
                  void download.run({ kind: 'compliance-packet-copy', packetId: packet.id, language: (language ?? 'en') as 'en' })
                }
                data-testid="packet-download"
              >
                {t('list.download')}
              </Button>
              {canIssue && (
                <Button
                  size="sm"
                  variant="outline"
                  loading={reissue.busy}
                  onClick={() =>
                    void reissue.run({
                      kind: 'compliance-packet',
                      profileId: packet.profileId,
                      from: packet.from,
                      to: packet.to,
                      language: (language ?? 'en') as 'en',
                    })
                  }
                  data-testid="packet-reissue"
                >
                  {t('list.reissue')}
                </Button>
              )}
              {canRevoke && packet.state === 'issued' && <RevokeDialog packet={packet} />}
            </Wrap>
            <RenderProgress state={download.state} testId="packet-download" />
            <RenderProgress state={reissue.state} testId="packet-reissue" />
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** /app/compliance/packets: the organisation's signed compliance packets; generate, download (after the waiver), re-issue, revoke. */
export default function PacketsPage({ pageId }: PageProps) {
  const { t } = useTranslation(['packets', 'pages']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  const packets = usePackets();
  const { gate, dialog } = useWaiverGate();
  const canIssue = hasRank(session.role, 'MANAGER');
  const canRevoke = hasRank(session.role, 'ADMIN');
  return (
    <Stack gap="5" maxWidth="5xl" data-testid="packets-page">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('pages:compliancePackets.title')}
        </Heading>
        <Text color="fg.muted">{t('intro')}</Text>
      </Stack>
      {canIssue && <GenerateCard gate={gate} />}
      <Heading as="h2" size="md">
        {t('list.title')}
      </Heading>
      {packets.isPending && <ListSkeleton testId="packets-loading" />}
      {packets.isError && (
        <LoadError title={t('list.error')} error={packets.error} onRetry={() => void packets.refetch()} testId="packets-error" />
      )}
      {packets.isSuccess && packets.data.packets.length === 0 && (
        <EmptyList title={t('list.emptyTitle')} text={canIssue ? t('list.emptyManager') : t('list.emptyMember')} testId="packets-empty" />
      )}
      {packets.isSuccess && packets.data.packets.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="packets-list">
          {packets.data.packets.map((p) => (
            <PacketItem key={p.id} packet={p} gate={gate} canIssue={canIssue} canRevoke={canRevoke} />
          ))}
        </Stack>
      )}
      {dialog}
    </Stack>
  );
}
