import { Button, Card, Combobox, HStack, Portal, Skeleton, Stack, Text, useFilter, useListCollection } from '@chakra-ui/react';
import { canonicalTimeZone, type OrganizationSettings } from '@muster/contracts';
import { useMemo, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { errorText, fieldErrors } from '../../lib/error-text';
import { timeInZone, timeZoneLabel, timeZoneOptions, type TimeZoneOption } from '../../lib/time-zone';
import { useOrganizationSettings, useUpdateOrganizationSettings } from './useOrganizationSettings';

/**
 * The organisation's section of /app/settings (ADMIN): its time zone, chosen from a searchable
 * list of the IANA zones, saved with one button. Reminders, cadence days, due dates, PDFs and
 * emails use it. A single field: no form library.
 */
export function OrganizationSettingsCard() {
  const { t } = useTranslation('profile');
  const settings = useOrganizationSettings();
  return (
    <Card.Root variant="outline" data-testid="organization-settings">
      <Card.Header>
        <Card.Title as="h2">{t('settings.organization.title')}</Card.Title>
      </Card.Header>
      <Card.Body>
        {settings.isPending ? (
          <Stack gap="3" role="status" aria-busy="true" aria-label={t('settings.organization.loading')} data-testid="organization-loading">
            <Skeleton height="5" width="40%" />
            <Skeleton height="10" />
          </Stack>
        ) : settings.isError ? (
          <LoadError
            title={t('settings.organization.loadError')}
            error={settings.error}
            onRetry={() => void settings.refetch()}
            testId="organization-error"
          />
        ) : (
          <TimeZoneForm settings={settings.data} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function TimeZoneForm({ settings }: { settings: OrganizationSettings }) {
  const { t, i18n } = useTranslation('profile');
  const update = useUpdateOrganizationSettings();
  const [zone, setZone] = useState(settings.timeZone);
  const [error, setError] = useState<string | undefined>();
  const [savedZone, setSavedZone] = useState<string | null>(null);
  const options = useMemo(() => timeZoneOptions(settings.timeZone), [settings.timeZone]);
  const matcher = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection<TimeZoneOption>({
    initialItems: options,
    filter: (text, query) => matcher.contains(text, query),
  });
  const changed = zone !== settings.timeZone;

  const save = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!canonicalTimeZone(zone)) {
      setError(t('errors:validation.timeZone'));
      return;
    }
    setError(undefined);
    update.mutate(
      { timeZone: zone },
      {
        onSuccess: (next) => {
          setSavedZone(next.timeZone);
          toaster.create({ type: 'success', title: t('settings.organization.saved') });
        },
        onError: (err) => {
          const field = fieldErrors(t, err).timeZone;
          if (field) setError(field);
          else toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
        },
      },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="4">
        <Text color="fg.muted">{t('settings.organization.timeZoneHelp', { name: settings.name })}</Text>
        <Combobox.Root
          collection={collection}
          value={[zone]}
          defaultInputValue={timeZoneLabel(zone)}
          onInputValueChange={(e) => filter(e.inputValue)}
          onValueChange={(e) => {
            const next = e.value[0];
            if (next) {
              setZone(next);
              setSavedZone(null);
              setError(undefined);
            }
          }}
          onOpenChange={(e) => {
            // Opening shows the whole list again, not only what the last search matched.
            if (e.open) filter('');
          }}
          openOnClick
          invalid={Boolean(error)}
          width="full"
          maxWidth="md"
          positioning={{ sameWidth: true }}
          data-testid="time-zone-select"
        >
          <Combobox.Label>{t('settings.organization.timeZone')}</Combobox.Label>
          {/* Zone names are Latin and read left to right: the control is laid out left to right in
              Arabic too (its text, and the button beside it), as an email address field is. */}
          <Combobox.Control dir="ltr">
            <Combobox.Input placeholder={t('settings.organization.search')} dir="ltr" data-testid="time-zone-input" />
            <Combobox.IndicatorGroup>
              <Combobox.Trigger aria-label={t('settings.organization.showAll')} />
            </Combobox.IndicatorGroup>
          </Combobox.Control>
          <Portal>
            <Combobox.Positioner>
              <Combobox.Content maxHeight="72" data-testid="time-zone-options">
                <Combobox.Empty>{t('settings.organization.noMatch')}</Combobox.Empty>
                {collection.items.map((item) => (
                  <Combobox.Item item={item} key={item.value}>
                    <Combobox.ItemText dir="ltr">{item.label}</Combobox.ItemText>
                    <Combobox.ItemIndicator />
                  </Combobox.Item>
                ))}
              </Combobox.Content>
            </Combobox.Positioner>
          </Portal>
        </Combobox.Root>
        {error ? (
          <Text color="fg.error" fontSize="sm" role="alert" data-testid="time-zone-error">
            {error}
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted" data-testid="time-zone-now">
            {t('settings.organization.localNow', { time: timeInZone(zone, i18n.resolvedLanguage) })}
          </Text>
        )}
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="brand" loading={update.isPending} disabled={!changed} data-testid="time-zone-save">
            {t('settings.organization.save')}
          </Button>
          <Text role="status" fontSize="sm" color="fg.success" data-testid="time-zone-saved">
            {savedZone && !changed ? t('settings.organization.savedText', { zone: timeZoneLabel(savedZone) }) : ''}
          </Text>
        </HStack>
      </Stack>
    </form>
  );
}
