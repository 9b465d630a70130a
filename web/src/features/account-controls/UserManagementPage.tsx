import { Badge, Button, Card, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLatestSearchParams } from '../../lib/useLatestSearchParams';
import { useUserSearch } from './account-controls-api';
import { ControlsHeader } from './components';
import { USER_SECTIONS, UserSections } from './UserDetail';

/**
 * /app/sysops/user-management: find any user across organisations (email, name, organisation;
 * paged) and see one (`?user=<id>`) as a list of sections.
 */
export default function UserManagementPage({ pageId }: PageProps) {
  const { t } = useTranslation(['accountControls', 'pages']);
  usePageTitle(pageId);
  const [params, setParams] = useLatestSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(text.trim());
  const users = useUserSearch(q, page);
  const selected = params.get('user');
  const items = users.data?.items ?? [];
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  const choose = (id: string | null) => {
    setParams((next) => {
      if (id) next.set('user', id);
      else next.delete('user');
      return next;
    });
  };

  return (
    <Stack gap="6" maxWidth="6xl" data-testid="user-management">
      <ControlsHeader title={t('pages:userManagement.title')} intro={t('users.intro')} />
      {selected ? (
        <Stack gap="4">
          <Button alignSelf="flex-start" size="sm" variant="ghost" onClick={() => choose(null)} data-testid="back-to-search">
            {t('users.back')}
          </Button>
          <UserSections userId={selected} sections={USER_SECTIONS} />
        </Stack>
      ) : (
        <Stack gap="4">
          <Input
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setPage(1);
            }}
            placeholder={t('users.searchPlaceholder')}
            aria-label={t('users.search')}
            maxLength={200}
            type="search"
            data-testid="user-search"
          />
          {users.isPending && <Skeleton height="40" />}
          {users.isError && <Text color="fg.error">{errorText(t, users.error)}</Text>}
          {users.isSuccess && items.length === 0 && (
            <Text color="fg.muted" data-testid="users-empty">
              {t('users.empty')}
            </Text>
          )}
          {users.isSuccess && items.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              {t('users.total', { count: users.data.total })}
            </Text>
          )}
          <Stack gap="2" data-testid="user-results">
            {items.map((user) => (
              <Card.Root key={user.id} variant="outline" size="sm" asChild>
                <button type="button" onClick={() => choose(user.id)} data-testid="user-result" style={{ textAlign: 'start' }}>
                  <Card.Body>
                    <HStack justify="space-between" gap="3" flexWrap="wrap">
                      <Stack gap="0">
                        <Text fontWeight="semibold" dir="auto">
                          {user.name}
                        </Text>
                        <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
                          {user.email}
                        </Text>
                      </Stack>
                      <HStack gap="2" flexWrap="wrap">
                        <Text fontSize="sm" dir="auto">
                          {user.organization?.name ?? t('platform')}
                        </Text>
                        <Badge variant="outline">{t(`common:roles.${user.role}`)}</Badge>
                        {user.status !== 'active' && (
                          <Badge colorPalette="red">{t(`status.${user.status}`, { defaultValue: user.status })}</Badge>
                        )}
                      </HStack>
                    </HStack>
                  </Card.Body>
                </button>
              </Card.Root>
            ))}
          </Stack>
          {pages > 1 && (
            <HStack gap="3">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('previous')}
              </Button>
              <Text fontSize="sm">{t('page', { page, pages })}</Text>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('next')}
              </Button>
            </HStack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
