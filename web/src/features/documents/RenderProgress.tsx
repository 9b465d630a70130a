import { HStack, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorText, reasonText } from '../../lib/error-text';
import type { RenderState } from './useRender';

/**
 * Where a render is: while it is made, a progress bar with its stage; once made, the link that saves
 * the file again; a failure says why. Test ids: `<testId>-progress`, `-download`, `-error`.
 */
export function RenderStatus({ state, testId, maxWidth = '72' }: { state: RenderState; testId: string; maxWidth?: string }) {
  const { t } = useTranslation(['documents', 'errors']);
  const render = state.kind === 'working' || state.kind === 'done' ? state.render : null;
  return (
    <>
      {render && (
        <Progress.Root
          value={render.percent}
          size="sm"
          maxWidth={maxWidth}
          data-testid={`${testId}-progress`}
          data-percent={render.percent}
        >
          <HStack justify="space-between" gap="3">
            <Progress.Label fontSize="xs">{t(`stages.${render.stage}`)}</Progress.Label>
            <Progress.ValueText fontSize="xs">{t('percent', { percent: render.percent })}</Progress.ValueText>
          </HStack>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {state.kind === 'done' && state.render.downloadUrl && (
        <Link href={state.render.downloadUrl} download fontSize="sm" data-testid={`${testId}-download`}>
          {t('saveAgain', { name: state.render.fileName ?? '' })}
        </Link>
      )}
      {state.kind === 'failed' && (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid={`${testId}-error`}>
          {state.render?.reason ? reasonText(t, state.render.reason) : errorText(t, state.error)}
        </Text>
      )}
    </>
  );
}

/** A render's status on its own (`<testId>-render`, with the render's state in `data-state`). */
export function RenderProgress({ state, testId }: { state: RenderState; testId: string }) {
  return (
    <Stack gap="2" data-testid={`${testId}-render`} data-state={state.kind}>
      <RenderStatus state={state} testId={testId} />
    </Stack>
  );
}
