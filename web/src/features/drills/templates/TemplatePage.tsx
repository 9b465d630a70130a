import { Alert, Button, Dialog, Flex, Heading, HStack, Link, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { isDrillManager, type DrillTemplate } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { PageProps } from '../../../lib/page';
import { useSignedInSession } from '../../auth/signed-in-session';
import { toaster } from '../../../components/ui/toaster';
import { errorStatus } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useDeleteTemplate, useDuplicateTemplate, useTemplate } from '../api';
import { LibraryTextView, ScenarioBadge, TemplateStatusBadge } from '../components';
import { SourceBadge, TypeBadge } from './parts';
import { TemplateContentView } from './TemplateContentView';
import { errorText } from '../../../lib/error-text';

function BackLink() {
  const { t } = useTranslation('drillTemplates');
  return (
    <Link asChild fontSize="sm" alignSelf="flex-start">
      <RouterLink to="/app/drills/templates">{t('view.back')}</RouterLink>
    </Link>
  );
}

/** The failed load of a template, said in place: not found, not allowed, or another failure. */
export function TemplateLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['drillTemplates', 'drills']);
  const status = errorStatus(error);
  const title = status === 404 ? t('view.notFound') : status === 403 ? t('view.forbidden') : t('view.error');
  return (
    <Alert.Root status={status === 404 ? 'warning' : 'error'} data-testid="template-error" data-status={status ?? ''}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{status === 404 ? t('view.notFoundText') : errorText(t, error)}</Alert.Description>
      </Alert.Content>
      {status !== 404 && status !== 403 && (
        <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
          {t('list.retry', { ns: 'common' })}
        </Button>
      )}
    </Alert.Root>
  );
}

function DeleteDialog({ template }: { template: DrillTemplate }) {
  const { t } = useTranslation(['drillTemplates', 'drills']);
  const navigate = useNavigate();
  const remove = useDeleteTemplate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    remove.mutate(template.id, {
      onSuccess: () => {
        setOpen(false);
        toaster.create({ type: 'success', title: t('actions.deleted', { name: template.name }) });
        void navigate('/app/drills/templates', { replace: true });
      },
      onError: (err) => setError(errorText(t, err)),
    });
  };
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (!e.open) setError(null);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" colorPalette="red" data-testid="template-delete">
          {t('actions.delete')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner paddingInline="3">
          <Dialog.Content data-testid="delete-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('actions.deleteTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{t('actions.deleteText', { name: template.name })}</Text>
                {error && (
                  <Alert.Root status="error" data-testid="delete-error">
                    <Alert.Indicator />
                    <Alert.Description>{error}</Alert.Description>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('actions.cancel')}</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={confirm} loading={remove.isPending} data-testid="delete-confirm">
                {t('actions.deleteConfirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Actions({ template }: { template: DrillTemplate }) {
  const { t } = useTranslation(['drillTemplates', 'drills']);
  const session = useSignedInSession();
  const manager = isDrillManager(session.role);
  const navigate = useNavigate();
  const duplicate = useDuplicateTemplate();
  const [error, setError] = useState<string | null>(null);
  const own = template.source === 'organization';
  const published = template.status === 'published';
  if (!manager) return null;
  const onDuplicate = () => {
    setError(null);
    duplicate.mutate(template.id, {
      onSuccess: (copy) => {
        toaster.create({ type: 'success', title: t('actions.duplicated', { name: copy.name }) });
        void navigate(`/app/drills/builder/${copy.id}`);
      },
      onError: (err) => setError(errorText(t, err)),
    });
  };
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap" data-testid="template-actions">
        {published && (
          <Button asChild colorPalette="brand" data-testid="template-schedule">
            <RouterLink to={`/app/drills/quick-create?template=${template.id}`}>{t('actions.schedule')}</RouterLink>
          </Button>
        )}
        {own && template.editable && (
          <Button asChild variant={published ? 'outline' : 'solid'} colorPalette="brand" data-testid="template-edit">
            <RouterLink to={`/app/drills/builder/${template.id}`}>{t('actions.edit')}</RouterLink>
          </Button>
        )}
        <Button variant="outline" onClick={onDuplicate} loading={duplicate.isPending} data-testid="template-duplicate">
          {t('actions.duplicate')}
        </Button>
        {own && template.editable && <DeleteDialog template={template} />}
      </HStack>
      {!published && (
        <Text fontSize="sm" color="fg.muted" data-testid="template-unpublished-hint">
          {t('view.publishToSchedule')}
        </Text>
      )}
      {error && (
        <Alert.Root status="error" data-testid="duplicate-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('actions.duplicateFailed')}</Alert.Title>
            <Alert.Description>{error}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** /app/drills/template/:id: a template laid out for reading, with what the member may do with it. */
export default function TemplatePage({ pageId }: PageProps) {
  usePageTitle(pageId);
  // The library's texts are loaded with the page, not when the first card needs them: a part
  // suspending after the page showed would hide the whole page meanwhile.
  const { t, i18n } = useTranslation(['drillTemplates', 'drills', 'drillLibrary']);
  const { id = '' } = useParams();
  const query = useTemplate(id);

  if (query.isPending) {
    return (
      <Stack gap="4" maxWidth="6xl" role="status" aria-busy="true" aria-label={t('view.loading')} data-testid="template-loading">
        <Skeleton height="5" width="30%" />
        <Skeleton height="9" width="60%" />
        <Skeleton height="64" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="4" maxWidth="3xl" data-testid="template-page" data-state="error">
        <BackLink />
        <TemplateLoadError error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  const template = query.data;
  return (
    <Stack gap="5" maxWidth="6xl" data-testid="template-page" data-template-id={template.id} data-status={template.status}>
      <BackLink />
      <Stack gap="3">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word" dir="auto" data-testid="template-name">
          <LibraryTextView text={template.name} libraryText={template.libraryTexts.name} />
        </Heading>
        <Flex gap="2" wrap="wrap">
          <SourceBadge source={template.source} />
          <TemplateStatusBadge status={template.status} />
          <ScenarioBadge scenario={template.scenario} />
          <TypeBadge type={template.type} />
        </Flex>
        {template.source === 'organization' ? (
          <Text fontSize="sm" color="fg.muted">
            {template.updatedBy
              ? t('view.updatedBy', { time: formatDateTime(template.updatedAt, i18n.resolvedLanguage), name: template.updatedBy.name })
              : t('view.updated', { time: formatDateTime(template.updatedAt, i18n.resolvedLanguage) })}
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted" data-testid="template-library-note">
            {t('view.libraryNote')}
          </Text>
        )}
        <Actions template={template} />
      </Stack>
      <TemplateContentView content={template} />
    </Stack>
  );
}
