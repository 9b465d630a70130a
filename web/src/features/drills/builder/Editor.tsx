import { Alert, Box, Button, Flex, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { intlLocale, type DrillTemplate } from '@muster/contracts';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { toaster } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../lib/format';
import { TemplateStatusBadge } from '../components';
import { pathSelector, useFocusRequest } from './fields';
import type { Issue } from './model';
import { DetailsSection, InjectsSection, ObjectivesSection, PositionsSection, RegulationsSection, StepsSection } from './sections';
import { useTemplateEditor, type SaveState } from './useTemplateEditor';
import { errorText, reasonText } from '../../../lib/error-text';

/** "14:05" in the reader's language (Latin digits). */
export function formatTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { timeStyle: 'short', numberingSystem: 'latn' }).format(new Date(iso));
}

const FIELD_LABELS: Record<string, string> = {
  name: 'builder.name',
  type: 'builder.type',
  scenario: 'builder.scenario',
  description: 'builder.description',
  estimatedMinutes: 'builder.estimatedMinutes',
  musterTargetMinutes: 'builder.musterTarget',
  objectives: 'builder.objectives',
  positions: 'builder.positions',
  steps: 'builder.steps',
  injects: 'builder.injects',
  regulations: 'builder.regulations',
};
const POSITION_FIELDS: Record<string, string> = {
  id: 'builder.itemId',
  name: 'builder.positionName',
  description: 'builder.positionDescription',
};
const STEP_FIELDS: Record<string, string> = {
  id: 'builder.itemId',
  title: 'builder.stepTitle',
  instructions: 'builder.instructions',
  positionId: 'builder.stepPosition',
  expectedMinutes: 'builder.expectedMinutes',
  checklist: 'builder.checklist',
};
const INJECT_FIELDS: Record<string, string> = {
  id: 'builder.itemId',
  atMinute: 'builder.atMinute',
  title: 'builder.injectTitle',
  message: 'builder.injectMessage',
  positionId: 'builder.injectTarget',
};

/** Where an issue is, in words: "Step 3 — Expected duration (minutes)", "Checklist item 1 of step 2". */
export function issuePlace(t: TFunction, path: string): string {
  const [head = '', a, b, c, d] = path.split('.');
  const n = (x: string | undefined) => Number(x) + 1;
  const field = (labels: Record<string, string>, key: string | undefined) => (key && labels[key] ? t(labels[key]) : null);
  const join = (item: string, what: string | null) => (what ? t('builder.place', { item, field: what }) : item);
  if (a === undefined) return FIELD_LABELS[head] ? t(FIELD_LABELS[head]) : head;
  if (head === 'objectives') return t('builder.objectiveLabel', { number: n(a) });
  if (head === 'positions') return join(t('builder.positionLabel', { number: n(a) }), field(POSITION_FIELDS, b));
  if (head === 'injects') return join(t('builder.injectLabel', { number: n(a) }), field(INJECT_FIELDS, b));
  if (head === 'steps') {
    if (b === 'checklist' && c !== undefined) {
      return join(t('builder.checklistItemLabel', { number: n(c), step: n(a) }), d === 'id' ? t('builder.itemId') : null);
    }
    return join(t('builder.stepLabel', { number: n(a) }), field(STEP_FIELDS, b));
  }
  return FIELD_LABELS[head] ? t(FIELD_LABELS[head]) : path;
}

/** Focuses the input of an issue, or the nearest thing to it that is on the page. */
function focusIssue(path: string): void {
  const parts = path.split('.');
  const candidates = [path];
  for (let i = parts.length - 1; i > 0; i--) {
    const parent = parts.slice(0, i).join('.');
    candidates.push(`${parent}.title`, `${parent}.name`, `${parent}.text`, parent);
  }
  for (const candidate of candidates) {
    const element = document.querySelector<HTMLElement>(pathSelector(candidate));
    if (element) {
      element.focus();
      element.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
  }
}

function StatusLine({ state, published }: { state: SaveState; published: boolean }) {
  const { t, i18n } = useTranslation(['drillTemplates', 'drills']);
  let text: string;
  let color = 'fg.muted';
  switch (state.kind) {
    case 'clean':
      text = state.savedAt ? t('status.savedAt', { time: formatTime(state.savedAt, i18n.resolvedLanguage) }) : t('status.notYet');
      break;
    case 'waiting':
      text = t('status.waiting');
      break;
    case 'saving':
      text = t('status.saving');
      break;
    case 'invalid':
      text =
        state.publishing || published ? t('status.invalidPublished', { count: state.count }) : t('status.invalid', { count: state.count });
      color = 'fg.error';
      break;
    case 'conflict':
      text = t('status.conflict');
      color = 'fg.error';
      break;
    case 'failed':
      text = t('status.failed', { reason: errorText(t, state.error) });
      color = 'fg.error';
      break;
  }
  return (
    <Text role="status" aria-live="polite" fontSize="sm" color={color} data-testid="save-status" data-state={state.kind}>
      {text}
    </Text>
  );
}

/** The editor of one template (or of a new one): the working copy, its problems, autosave, publishing. */
export function Editor({
  template,
  onCreated,
  onReload,
}: {
  template: DrillTemplate | undefined;
  onCreated: (id: string) => void;
  onReload: () => void;
}) {
  const { t, i18n } = useTranslation(['drillTemplates', 'drills']);
  const editor = useTemplateEditor({ template, onCreated });
  const focus = useFocusRequest();
  const [publishTried, setPublishTried] = useState(false);
  const [busy, setBusy] = useState<'publish' | 'unpublish' | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { copy, validation, serverIssues, saveState, status } = editor;

  const messages = useMemo(() => {
    const out = new Map<string, string>();
    for (const issue of [...serverIssues, ...validation.all]) {
      if (!out.has(issue.path)) out.set(issue.path, reasonText(t, issue.message));
    }
    return out;
  }, [serverIssues, validation.all, t]);
  const errorOf = (path: string) => messages.get(path);
  const problems: Issue[] = validation.all;
  const published = status === 'published';

  const publish = async () => {
    setPublishTried(true);
    // Every problem is listed already: the summary says what to fix, and takes the reader to it.
    if (problems.length > 0) {
      summaryRef.current?.focus();
      return;
    }
    // The form's own check (the contracts' schemas, as the list above) before anything is sent.
    await editor.form.handleSubmit(async () => {
      setBusy('publish');
      const ok = await editor.publish();
      setBusy(null);
      if (ok) toaster.create({ type: 'success', title: t('builder.published') });
    })();
  };
  const unpublish = async () => {
    setBusy('unpublish');
    const ok = await editor.unpublish();
    setBusy(null);
    if (ok) toaster.create({ type: 'success', title: t('builder.unpublished') });
  };

  const sectionProps = { copy, form: editor.form, errorOf, focus };
  const id = editor.templateId;

  return (
    <Stack gap="5" maxWidth="5xl" data-testid="builder-page" data-template-id={id ?? ''} data-status={status}>
      <Link asChild fontSize="sm" alignSelf="flex-start">
        <RouterLink to={id ? `/app/drills/template/${id}` : '/app/drills/templates'}>
          {id ? t('builder.backToTemplate') : t('view.back')}
        </RouterLink>
      </Link>
      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word">
          {id ? t('builder.editTitle') : t('builder.newTitle')}
        </Heading>
        {copy.name.trim() && (
          <Text fontSize="lg" fontWeight="medium" dir="auto" wordBreak="break-word" data-testid="builder-name">
            {copy.name}
          </Text>
        )}
      </Stack>

      <Flex
        gap="3"
        wrap="wrap"
        align="center"
        justify="space-between"
        borderWidth="1px"
        borderRadius="l2"
        padding="3"
        bg="bg.panel"
        data-testid="builder-toolbar"
      >
        <Stack gap="1" minWidth="0">
          <HStack gap="2" wrap="wrap">
            <TemplateStatusBadge status={status} />
            <StatusLine state={saveState} published={published} />
          </HStack>
          {template?.updatedBy && saveState.kind === 'clean' && saveState.savedAt === template.updatedAt && (
            <Text fontSize="xs" color="fg.muted">
              {t('view.updatedBy', { time: formatDateTime(template.updatedAt, i18n.resolvedLanguage), name: template.updatedBy.name })}
            </Text>
          )}
        </Stack>
        <HStack gap="2" wrap="wrap">
          {id && (
            <Button asChild size="sm" variant="ghost">
              <RouterLink to={`/app/drills/template/${id}`}>{t('builder.view')}</RouterLink>
            </Button>
          )}
          {published ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => void unpublish()}
              loading={busy === 'unpublish'}
              data-testid="template-unpublish"
            >
              {t('builder.unpublish')}
            </Button>
          ) : (
            <Button
              size="sm"
              colorPalette="brand"
              onClick={() => void publish()}
              loading={busy === 'publish'}
              data-testid="template-publish"
            >
              {t('builder.publish')}
            </Button>
          )}
        </HStack>
      </Flex>

      {editor.offer && (
        <Alert.Root status="info" data-testid="restore-offer">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('builder.offerTitle')}</Alert.Title>
            <Alert.Description>
              {t('builder.offerText', { time: formatDateTime(editor.offer.changedAt, i18n.resolvedLanguage) })}
            </Alert.Description>
          </Alert.Content>
          <HStack gap="2" alignSelf="center" wrap="wrap">
            <Button size="sm" colorPalette="brand" onClick={editor.restoreOffer} data-testid="restore-accept">
              {t('builder.restore')}
            </Button>
            <Button size="sm" variant="outline" onClick={editor.discardOffer} data-testid="restore-discard">
              {t('builder.discard')}
            </Button>
          </HStack>
        </Alert.Root>
      )}

      {saveState.kind === 'conflict' && (
        <Alert.Root status="error" data-testid="conflict">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('builder.conflictTitle')}</Alert.Title>
            <Alert.Description>{t('builder.conflictText')}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={onReload} alignSelf="center" data-testid="conflict-reload">
            {t('builder.reload')}
          </Button>
        </Alert.Root>
      )}

      {saveState.kind === 'failed' && (
        <Alert.Root status="error" data-testid="save-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('builder.failedTitle')}</Alert.Title>
            <Alert.Description>{errorText(t, saveState.error)}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={editor.retry} alignSelf="center" data-testid="save-retry">
            {t('builder.retry')}
          </Button>
        </Alert.Root>
      )}

      <Box
        ref={summaryRef}
        tabIndex={-1}
        borderWidth="1px"
        borderRadius="l2"
        padding="3"
        borderColor={problems.length === 0 ? 'green.muted' : publishTried ? 'red.emphasized' : 'orange.muted'}
        bg={problems.length === 0 ? 'green.subtle' : publishTried ? 'red.subtle' : 'orange.subtle'}
        aria-labelledby="builder-problems-title"
        role="region"
        data-testid="problems"
        data-count={problems.length}
      >
        <Text id="builder-problems-title" fontWeight="semibold" data-testid="problems-count">
          {problems.length === 0 ? t('builder.complete') : t('builder.problems', { count: problems.length })}
        </Text>
        {problems.length > 0 && (
          <>
            <Text fontSize="sm" color="fg.muted" marginBottom="2">
              {published ? t('builder.problemsHelpPublished') : t('builder.problemsHelp')}
            </Text>
            <List.Root as="ul" gap="1" paddingStart="5" fontSize="sm" maxHeight="48" overflowY="auto">
              {problems.map((issue) => (
                <List.Item key={issue.path} data-testid="problem" data-path={issue.path}>
                  <Link as="button" onClick={() => focusIssue(issue.path)} textAlign="start" variant="underline">
                    {t('builder.problem', { place: issuePlace(t, issue.path), message: messages.get(issue.path) ?? issue.message })}
                  </Link>
                </List.Item>
              ))}
            </List.Root>
          </>
        )}
      </Box>

      <DetailsSection {...sectionProps} />
      <ObjectivesSection {...sectionProps} />
      <PositionsSection {...sectionProps} />
      <StepsSection {...sectionProps} />
      <InjectsSection {...sectionProps} />
      <RegulationsSection {...sectionProps} />
    </Stack>
  );
}
