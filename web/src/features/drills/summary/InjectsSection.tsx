import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import type { DrillSummary } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../vocab';
import { ObservationNote } from './ObservationsSection';
import { Section } from './parts';
import { injectOffsetMs } from './summary-figures';
import { isolate } from '../log-text';

/** Within this much of its planned minute, an inject went out on time. */
const ON_TIME_MS = 60_000;

/** Each inject: planned minute against its published drill time, by whom or by the clock, and the team's response. */
export function InjectsSection({ injects }: { injects: DrillSummary['injects'] }) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  return (
    <Section id="injects" title={t('sections.injects')} intro={t('injects.intro')}>
      {injects.length === 0 ? (
        <Text color="fg.muted">{t('injects.none')}</Text>
      ) : (
        <Stack as="ol" gap="3" listStyleType="none">
          {injects.map((inject) => {
            const offset = injectOffsetMs(inject);
            const published = inject.publishedElapsedMs !== null;
            const timing =
              offset === null
                ? null
                : Math.abs(offset) < ON_TIME_MS
                  ? { text: t('injects.onTime'), palette: 'green' }
                  : offset > 0
                    ? { text: t('injects.late', { time: formatClock(offset) }), palette: 'orange' }
                    : { text: t('injects.early', { time: formatClock(-offset) }), palette: 'blue' };
            return (
              <Stack
                as="li"
                key={inject.injectId}
                gap="2"
                borderWidth="1px"
                borderRadius="l2"
                padding="3"
                data-testid="summary-inject"
                data-inject-id={inject.injectId}
                data-published={String(published)}
                _print={{ breakInside: 'avoid' }}
              >
                <HStack gap="2" wrap="wrap" align="baseline">
                  <Text fontWeight="semibold" dir="auto" wordBreak="break-word">
                    {inject.title}
                  </Text>
                  {inject.position && (
                    <Badge size="sm" variant="outline">
                      <Text as="span" dir="auto">
                        {t('injects.to', { position: isolate(inject.position) })}
                      </Text>
                    </Badge>
                  )}
                </HStack>
                <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
                  {inject.message}
                </Text>
                <HStack columnGap="4" rowGap="1" wrap="wrap" fontSize="sm">
                  <Text>{t('injects.planned', { time: formatClock(inject.plannedMinute * 60_000) })}</Text>
                  <Text fontWeight={published ? 'medium' : 'normal'} color={published ? undefined : 'fg.muted'}>
                    {!published
                      ? t('injects.notPublished')
                      : inject.auto || !inject.publishedBy
                        ? t('injects.publishedByClock', { time: formatClock(inject.publishedElapsedMs) })
                        : t('injects.publishedBy', {
                            time: formatClock(inject.publishedElapsedMs),
                            name: isolate(inject.publishedBy.name),
                          })}
                  </Text>
                  {timing && (
                    <Badge size="sm" colorPalette={timing.palette}>
                      {timing.text}
                    </Badge>
                  )}
                </HStack>
                <Stack gap="1.5" borderInlineStartWidth="3px" paddingInlineStart="3" borderColor="border">
                  <Text fontSize="sm" fontWeight="medium">
                    {t('injects.responses')}
                  </Text>
                  {inject.responses.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted">
                      {t('injects.noResponses')}
                    </Text>
                  ) : (
                    <Stack as="ul" gap="2" listStyleType="none">
                      {inject.responses.map((o) => (
                        <ObservationNote key={o.id} observation={o} showKind testId="summary-inject-response" />
                      ))}
                    </Stack>
                  )}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}
