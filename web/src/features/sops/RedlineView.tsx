import { Badge, Box, Heading, HStack, NativeSelect, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import type { RedlineState, SopVersionSummary, WordChange } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { LoadError } from '../../components/list';
import { useRedline } from './api';

const STATE_PALETTE: Record<RedlineState, string> = { same: 'gray', added: 'green', removed: 'red', changed: 'orange' };

/** Words as the redline shows them: removed struck through in red, added underlined in green. */
function Words({ words, inline }: { words: WordChange[]; inline?: boolean }) {
  const { t } = useTranslation('sops');
  return (
    <Text as={inline ? 'span' : 'div'} dir="auto" textAlign="start" flex="1" minWidth="0">
      {words.map((word, i) =>
        word.op === 'same' ? (
          <span key={i}>{word.text}</span>
        ) : (
          <Box
            as={word.op === 'added' ? 'ins' : 'del'}
            key={i}
            aria-label={t(word.op === 'added' ? 'redline.addedWords' : 'redline.removedWords', { text: word.text.trim() })}
            bg={word.op === 'added' ? 'green.subtle' : 'red.subtle'}
            color={word.op === 'added' ? 'green.fg' : 'red.fg'}
            textDecoration={word.op === 'added' ? 'underline' : 'line-through'}
            data-op={word.op}
          >
            {word.text}
          </Box>
        ),
      )}
    </Text>
  );
}

/** What changed between two versions: pick them; sections and steps with their state, step texts word by word. */
export function RedlineView({ sopId, versions }: { sopId: string; versions: SopVersionSummary[] }) {
  const { t } = useTranslation('sops');
  // Newest first: by default the latest against the one before it.
  const [to, setTo] = useState(versions[0]?.id ?? '');
  const [from, setFrom] = useState(versions[1]?.id ?? '');
  const redline = useRedline(sopId, from || null, to || null);
  if (versions.length < 2)
    return (
      <Text color="fg.muted" data-testid="redline-none">
        {t('redline.oneVersion')}
      </Text>
    );
  const select = (value: string, onChange: (v: string) => void, testId: string) => (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
        {versions.map((v) => (
          <option key={v.id} value={v.id}>
            {t('redline.versionOption', { number: v.number, status: t(`statuses.${v.status}`) })}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  const data = redline.data;
  return (
    <Stack gap="4" data-testid="sop-redline">
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <FormField label={t('redline.from')}>{select(from, setFrom, 'redline-from')}</FormField>
        <FormField label={t('redline.to')}>{select(to, setTo, 'redline-to')}</FormField>
      </Stack>
      {from === to && <Text color="fg.muted">{t('redline.same')}</Text>}
      {redline.isPending && from !== to && <Skeleton height="24" />}
      {redline.isError && <LoadError title={t('redline.loadError')} error={redline.error} onRetry={() => void redline.refetch()} />}
      {data && (
        <>
          <Wrap
            gap="2"
            data-testid="redline-counts"
            data-added={data.counts.added}
            data-removed={data.counts.removed}
            data-changed={data.counts.changed}
          >
            <Badge colorPalette="green">{t('redline.countAdded', { total: data.counts.added })}</Badge>
            <Badge colorPalette="red">{t('redline.countRemoved', { total: data.counts.removed })}</Badge>
            <Badge colorPalette="orange">{t('redline.countChanged', { total: data.counts.changed })}</Badge>
            {data.titleChanged && <Badge>{t('redline.titleChanged')}</Badge>}
            {data.reviewIntervalChanged && <Badge>{t('redline.reviewChanged')}</Badge>}
          </Wrap>
          {data.sections.map((section) => (
            <Box as="section" key={section.id} data-testid="redline-section" data-state={section.state}>
              <HStack gap="2" marginBottom="2" align="baseline">
                <Heading as="h3" size="sm">
                  <Words words={section.heading} inline />
                </Heading>
                {section.state !== 'same' && (
                  <Badge size="sm" colorPalette={STATE_PALETTE[section.state]} flexShrink={0}>
                    {t(`redline.sectionStates.${section.state}`)}
                  </Badge>
                )}
              </HStack>
              <Stack as="ul" gap="2" listStyleType="none" ps="0">
                {section.steps.map((step) => (
                  <Box
                    as="li"
                    key={step.id}
                    display="flex"
                    alignItems="baseline"
                    gap="2"
                    borderInlineStartWidth="3px"
                    borderColor={step.state === 'same' ? 'border.emphasized' : `${STATE_PALETTE[step.state]}.solid`}
                    ps="3"
                    data-testid="redline-step"
                    data-state={step.state}
                    data-step-id={step.id}
                  >
                    {step.state !== 'same' && (
                      <Badge size="sm" colorPalette={STATE_PALETTE[step.state]} flexShrink={0}>
                        {t(`redline.states.${step.state}`)}
                      </Badge>
                    )}
                    <Words words={step.words} />
                  </Box>
                ))}
              </Stack>
            </Box>
          ))}
        </>
      )}
    </Stack>
  );
}
