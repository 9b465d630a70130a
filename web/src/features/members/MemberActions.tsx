import { Alert, Button, CloseButton, Dialog, IconButton, Menu, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { changeRoleSchema, type MemberRole, type MemberRow } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';
import { useChangeRole, useDeactivate, useReactivate, useRemoveMember, useResendInvite, useRevokeInvite } from './members-api';

type Action = 'role' | 'deactivate' | 'reactivate' | 'remove' | 'resend' | 'revoke';

function who(row: MemberRow): string {
  return row.name ?? row.email;
}

/** The role dialog: the roles the administrator may give, the last administrator's refusal in words. */
function RoleDialog({ row, roles, onClose }: { row: MemberRow; roles: readonly MemberRole[]; onClose: () => void }) {
  const { t } = useTranslation(['members', 'common']);
  const change = useChangeRole();
  const form = useMusterForm(changeRoleSchema, { role: roles.includes(row.role as MemberRole) ? row.role : 'USER' });
  const submit = form.handleSubmit(({ role }) =>
    change.mutate(
      { userId: row.id, role },
      {
        onSuccess: (updated) => {
          toaster.create({ type: 'success', title: t('actions.roleChanged', { name: who(row), role: t(`common:roles.${updated.role}`) }) });
          onClose();
        },
        onError: (err) => void form.setServerErrors(err),
      },
    ),
  );
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>{t('actions.roleText', { name: who(row) })}</Text>
          {change.error && (
            <Alert.Root status="error" data-testid="member-action-error">
              <Alert.Indicator />
              <Alert.Description>{errorText(t, change.error)}</Alert.Description>
            </Alert.Root>
          )}
          <FormField label={t('columns.role')} error={form.message('role')} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('role')} data-testid="member-role-select">
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {t(`common:roles.${role}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" colorPalette="brand" loading={change.isPending} data-testid="member-role-save">
          {t('actions.saveRole')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** A confirmation of one change (deactivate, reactivate, remove, resend, revoke). */
function ConfirmDialog({ row, action, onClose }: { row: MemberRow; action: Exclude<Action, 'role'>; onClose: () => void }) {
  const { t } = useTranslation('members');
  const mutations = {
    deactivate: useDeactivate(),
    reactivate: useReactivate(),
    remove: useRemoveMember(),
    resend: useResendInvite(),
    revoke: useRevokeInvite(),
  };
  const mutation = mutations[action];
  const confirm = () =>
    (mutation.mutate as (id: string, options: { onSuccess: () => void }) => void)(row.id, {
      onSuccess: () => {
        toaster.create({ type: 'success', title: t(`actions.${action}Done`, { name: who(row) }) });
        onClose();
      },
    });
  const danger = action === 'remove' || action === 'deactivate' || action === 'revoke';
  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Text>{t(`actions.${action}Text`, { name: who(row), email: row.email })}</Text>
          {mutation.error && (
            <Alert.Root status="error" data-testid="member-action-error">
              <Alert.Indicator />
              <Alert.Description>{errorText(t, mutation.error)}</Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button colorPalette={danger ? 'red' : 'brand'} loading={mutation.isPending} onClick={confirm} data-testid="member-action-confirm">
          {t(`actions.${action}`)}
        </Button>
      </Dialog.Footer>
    </>
  );
}

/** The row's menu of changes, each confirmed in a dialog. The signed-in administrator's own row has none that would lock them out. */
export function MemberActions({ row, roles, self }: { row: MemberRow; roles: readonly MemberRole[]; self: boolean }) {
  const { t } = useTranslation('members');
  const [action, setAction] = useState<Action | null>(null);
  const actions: Action[] =
    row.kind === 'invite'
      ? ['resend', 'revoke']
      : [
          ...(roles.includes(row.role as MemberRole) ? (['role'] as const) : []),
          ...(self ? [] : row.status === 'deactivated' ? (['reactivate'] as const) : (['deactivate'] as const)),
          ...(self ? [] : (['remove'] as const)),
        ];
  if (actions.length === 0) return null;
  const close = () => setAction(null);
  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(e) => setAction(e.value as Action)}>
        <Menu.Trigger asChild>
          <IconButton variant="ghost" size="sm" aria-label={t('actions.menu', { name: who(row) })} data-testid="member-actions">
            <Text as="span" aria-hidden fontSize="lg" lineHeight="1">
              ⋯
            </Text>
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {actions.map((a) => (
                <Menu.Item
                  key={a}
                  value={a}
                  color={a === 'remove' || a === 'revoke' ? 'fg.error' : undefined}
                  data-testid={`member-action-${a}`}
                >
                  {t(`actions.${a}`)}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Dialog.Root
        open={action !== null}
        onOpenChange={(e) => !e.open && close()}
        role={action === 'role' ? 'dialog' : 'alertdialog'}
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="3">
            <Dialog.Content data-testid="member-action-dialog">
              <Dialog.Header>
                <Dialog.Title>{action ? t(`actions.${action}Title`) : ''}</Dialog.Title>
              </Dialog.Header>
              {action === 'role' && <RoleDialog row={row} roles={roles} onClose={close} />}
              {action && action !== 'role' && <ConfirmDialog row={row} action={action} onClose={close} />}
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('actions.cancel')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
