import {
  Badge,
  Button,
  Card,
  CloseButton,
  Code,
  DataList,
  Dialog,
  Flex,
  Heading,
  HStack,
  Input,
  Portal,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { rotateSiemSecretSchema, SIEM_LIMITS, type SiemDestination } from '@muster/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { useNow } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { formatCount } from '../../lib/format';
import { useMusterForm } from '../../lib/forms';
import { useAuditText } from '../audit/audit-text';
import { useRemoveDestination, useRotateSecret, useSendTest, useUpdateDestination } from './api';
import { destinationState } from './labels';
import type { RevealedSecret } from './SecretDialog';
import { errorText } from '../../lib/error-text';

function RotateForm({
  destination,
  onDone,
  onSecret,
}: {
  destination: SiemDestination;
  onDone: () => void;
  onSecret: (s: RevealedSecret) => void;
}) {
  const { t } = useTranslation('siem');
  const rotate = useRotateSecret();
  const form = useMusterForm(rotateSiemSecretSchema, { overlapHours: String(SIEM_LIMITS.rotationOverlapHoursDefault) });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit((body) =>
    rotate.mutate(
      { id: destination.id, body },
      {
        onSuccess: (reveal) => {
          onSecret({ secret: reveal.secret, name: reveal.destination.name, rotated: true });
          onDone();
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) setFailure(errorText(t, err));
        },
      },
    ),
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="rotate-form" style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>{t('rotate.text', { name: destination.name })}</Text>
          <FormField
            label={t('rotate.overlap')}
            error={form.message('overlapHours') ?? failure ?? undefined}
            helperText={t('rotate.overlapHelp', { max: SIEM_LIMITS.rotationOverlapHoursMax })}
            required
          >
            <Input
              {...form.register('overlapHours')}
              type="number"
              inputMode="numeric"
              min={0}
              max={SIEM_LIMITS.rotationOverlapHoursMax}
              width="32"
              data-testid="rotate-overlap"
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{t('actions.cancel')}</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" loading={rotate.isPending} data-testid="rotate-submit">
          {t('rotate.submit')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

function RotateDialog({ destination, onSecret }: { destination: SiemDestination; onSecret: (s: RevealedSecret) => void }) {
  const { t } = useTranslation('siem');
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" data-testid="siem-rotate">
          {t('actions.rotate')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('rotate.title')}</Dialog.Title>
            </Dialog.Header>
            <RotateForm destination={destination} onDone={() => setOpen(false)} onSecret={onSecret} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DeleteDialog({ destination }: { destination: SiemDestination }) {
  const { t } = useTranslation('siem');
  const [open, setOpen] = useState(false);
  const remove = useRemoveDestination();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} role="alertdialog">
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="red" data-testid="siem-delete">
          {t('actions.delete')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('delete.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('delete.text', { name: destination.name })}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('actions.cancel')}</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(destination.id, {
                    onSuccess: () => {
                      setOpen(false);
                      toaster.create({ type: 'success', title: t('delete.done', { name: destination.name }) });
                    },
                    onError: (err) => toaster.create({ type: 'error', title: t('delete.failed'), description: errorText(t, err) }),
                  })
                }
                data-testid="siem-delete-confirm"
              >
                {t('delete.confirm')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * One destination: where it sends, in which format, which events, its health, its counts and
 * signing secrets, and what an admin can do with it.
 */
export function DestinationCard({
  destination: d,
  selected,
  onSelect,
  onEdit,
  onSecret,
}: {
  destination: SiemDestination;
  selected: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onSecret: (s: RevealedSecret) => void;
}) {
  const audit = useAuditText();
  const { t } = useTranslation('siem');
  const now = useNow();
  const update = useUpdateDestination();
  const test = useSendTest();
  const states = destinationState(d, now);
  const item = (label: string, value: ReactNode, testId?: string) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: d.id, body: { enabled } },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t(enabled ? 'enable.on' : 'enable.off', { name: d.name }) }),
        onError: (err) => toaster.create({ type: 'error', title: t('enable.failed'), description: errorText(t, err) }),
      },
    );
  const sendTest = () =>
    test.mutate(d.id, {
      onSuccess: () => {
        onSelect();
        toaster.create({ type: 'success', title: t('test.sent'), description: t('test.sentText') });
      },
      onError: (err) => toaster.create({ type: 'error', title: t('test.failed'), description: errorText(t, err) }),
    });
  return (
    <Card.Root
      as="li"
      variant="outline"
      borderColor={selected ? 'brand.solid' : undefined}
      data-testid="siem-destination"
      data-name={d.name}
      data-enabled={d.enabled}
      data-selected={selected}
    >
      <Card.Body gap="4" padding={{ base: '4', md: '5' }}>
        <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="1" minWidth="0" flex="1 1 16rem">
            <Heading as="h3" size="md">
              <bdi>{d.name}</bdi>
            </Heading>
            <Text fontSize="sm" wordBreak="break-all" color="fg.muted" data-testid="siem-destination-url">
              <bdi dir="ltr">{d.url}</bdi>
            </Text>
          </Stack>
          <Switch.Root
            checked={d.enabled}
            disabled={update.isPending}
            onCheckedChange={(e) => setEnabled(e.checked)}
            data-testid="siem-enabled"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('enable.label')}</Switch.Label>
          </Switch.Root>
        </Flex>
        <Flex gap="1.5" wrap="wrap" data-testid="siem-status">
          <Badge variant="outline">{t(`formats.${d.format}`)}</Badge>
          {states.map((s) => (
            <Badge key={s.key} colorPalette={s.palette} data-state={s.key} whiteSpace="normal" height="auto" paddingY="0.5">
              {t(s.key, { time: s.at ? audit.time(s.at) : '' })}
            </Badge>
          ))}
        </Flex>
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          {item(
            t('card.classes'),
            d.classUids.length === 0 ? t('card.allClasses') : d.classUids.map((uid) => audit.className(uid)).join(t('card.listSeparator')),
          )}
          {item(t('card.minSeverity'), audit.severity(d.minSeverityId))}
          {item(t('card.authorization'), d.hasAuthorization ? t('card.authorizationSet') : t('card.authorizationNone'))}
          {item(
            t('card.counts'),
            <HStack gap="1.5" wrap="wrap">
              <Badge colorPalette="yellow" data-testid="count-pending">
                {t('card.pending', { n: formatCount(d.counts.pending, audit.lng) })}
              </Badge>
              <Badge colorPalette="green" data-testid="count-delivered">
                {t('card.delivered', { n: formatCount(d.counts.delivered, audit.lng) })}
              </Badge>
              <Badge colorPalette="red" data-testid="count-failed">
                {t('card.failed', { n: formatCount(d.counts.failed, audit.lng) })}
              </Badge>
            </HStack>,
          )}
          {item(t('card.lastDelivered'), d.lastDeliveredAt ? audit.time(d.lastDeliveredAt) : t('card.never'))}
          {item(
            t('card.secrets'),
            <Stack as="ul" gap="1" listStyleType="none" data-testid="siem-secrets">
              {d.secrets.map((s) => (
                <HStack as="li" key={s.id} gap="2" wrap="wrap" data-testid="siem-secret" data-current={s.expiresAt === null}>
                  <Code dir="ltr">{s.hint}</Code>
                  <Text fontSize="xs" color="fg.muted">
                    {t('card.secretCreated', { time: audit.time(s.createdAt) })}
                  </Text>
                  {s.expiresAt ? (
                    <Badge colorPalette="orange" whiteSpace="normal" height="auto" paddingY="0.5">
                      {t('card.secretExpires', { time: audit.time(s.expiresAt) })}
                    </Badge>
                  ) : (
                    <Badge colorPalette="green">{t('card.secretCurrent')}</Badge>
                  )}
                </HStack>
              ))}
            </Stack>,
          )}
        </DataList.Root>
        <Flex gap="2" wrap="wrap">
          <Button
            size="sm"
            variant={selected ? 'solid' : 'outline'}
            colorPalette="brand"
            onClick={onSelect}
            aria-pressed={selected}
            data-testid="siem-show-log"
          >
            {t('actions.log')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={sendTest}
            loading={test.isPending}
            disabled={!d.enabled}
            title={d.enabled ? undefined : t('test.disabled')}
            data-testid="siem-test"
          >
            {t('actions.test')}
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit} data-testid="siem-edit">
            {t('actions.edit')}
          </Button>
          <RotateDialog destination={d} onSecret={onSecret} />
          <DeleteDialog destination={d} />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
