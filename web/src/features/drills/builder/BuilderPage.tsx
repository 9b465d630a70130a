import { Alert, Button, Heading, HStack, Link, Skeleton, Stack } from '@chakra-ui/react';
import { isDrillManager, type DrillTemplate } from '@muster/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { PageProps } from '../../../lib/page';
import { useSignedInSession } from '../../auth/signed-in-session';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useTemplate } from '../api';
import { TemplateContentView } from '../templates/TemplateContentView';
import { TemplateLoadError } from '../templates/TemplatePage';
import { Editor } from './Editor';
import { forgetStoredCopy } from './storage';

/** The builder for someone who may not change this template: it is shown for reading, with why. */
function ReadOnly({ template, reason }: { template: DrillTemplate | undefined; reason: 'member' | 'library' }) {
  const { t } = useTranslation(['drillTemplates', 'drills']);
  return (
    <Stack gap="5" maxWidth="6xl" data-testid="builder-page" data-mode="read-only" data-reason={reason}>
      <Link asChild fontSize="sm" alignSelf="flex-start">
        <RouterLink to={template ? `/app/drills/template/${template.id}` : '/app/drills/templates'}>
          {template ? t('builder.backToTemplate') : t('view.back')}
        </RouterLink>
      </Link>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word" dir="auto">
        {template ? template.name : t('builder.newTitle')}
      </Heading>
      <Alert.Root status="info" data-testid="builder-read-only">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{reason === 'library' ? t('builder.libraryTitle') : t('builder.readOnlyTitle')}</Alert.Title>
          <Alert.Description>{reason === 'library' ? t('builder.libraryText') : t('builder.readOnlyText')}</Alert.Description>
        </Alert.Content>
        {template && reason === 'library' && (
          <HStack alignSelf="center">
            <Button asChild size="sm" variant="outline">
              <RouterLink to={`/app/drills/template/${template.id}`}>{t('builder.openToDuplicate')}</RouterLink>
            </Button>
          </HStack>
        )}
      </Alert.Root>
      {template && <TemplateContentView content={template} />}
    </Stack>
  );
}

/** /app/drills/builder and /app/drills/builder/:id: the template editor, or the template read-only. */
export default function BuilderPage({ pageId }: PageProps) {
  usePageTitle(pageId);
  const { t } = useTranslation(['drillTemplates', 'drills']);
  const { id } = useParams();
  const navigate = useNavigate();
  const session = useSignedInSession();
  const manager = isDrillManager(session.role);
  const query = useTemplate(id);

  // One editing session per template: a template this editor has just created keeps its session
  // when the address moves to it; any other address (or a reload after a conflict) starts anew.
  const created = useRef<string | null>(null);
  const [editing, setEditing] = useState({ key: id ?? 'new', id });
  if (editing.id !== id)
    setEditing(created.current !== null && created.current === id ? { key: editing.key, id } : { key: id ?? 'new', id });

  if (id && query.isPending) {
    return (
      <Stack gap="4" maxWidth="5xl" role="status" aria-busy="true" aria-label={t('view.loading')} data-testid="builder-loading">
        <Skeleton height="5" width="30%" />
        <Skeleton height="9" width="50%" />
        <Skeleton height="64" />
      </Stack>
    );
  }
  if (id && query.isError) {
    return (
      <Stack gap="4" maxWidth="3xl" data-testid="builder-page" data-state="error">
        <Link asChild fontSize="sm" alignSelf="flex-start">
          <RouterLink to="/app/drills/templates">{t('view.back')}</RouterLink>
        </Link>
        <TemplateLoadError error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  const template = id ? query.data : undefined;
  if (!manager) return <ReadOnly template={template} reason="member" />;
  if (template && (template.source === 'library' || !template.editable)) {
    return <ReadOnly template={template} reason={template.source === 'library' ? 'library' : 'member'} />;
  }

  const onCreated = (newId: string) => {
    created.current = newId;
    void navigate(`/app/drills/builder/${newId}`, { replace: true });
  };
  const onReload = () => {
    forgetStoredCopy(id);
    void query.refetch().then(() => setEditing({ key: `${id ?? 'new'}:${String(Date.now())}`, id }));
  };

  return <Editor key={editing.key} template={template} onCreated={onCreated} onReload={onReload} />;
}
