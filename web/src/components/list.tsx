import {
  Alert,
  Button,
  Card,
  EmptyState,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
  type ConditionalValue,
} from '@chakra-ui/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';

/** Pieces every list screen shares: loading, failure, empty, paging, a labelled select, a ticking clock. */

/** The time now, refreshed every minute, so due times and highlights move while a page is open. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Placeholder cards while a list loads. */
export function ListSkeleton({ rows = 4, testId = 'list-loading' }: { rows?: number; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label={t('list.loading')} data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => (
        <Card.Root key={i} variant="outline">
          <Card.Body gap="2">
            <Skeleton height="5" width="60%" />
            <Skeleton height="4" width="40%" />
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

/** A failed load, with the server's message and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
  testId = 'list-error',
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert.Root status="error" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorText(t, error)}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
          {t('list.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}

export function EmptyList({
  title,
  text,
  action,
  testId = 'list-empty',
}: {
  title: string;
  text: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="l2" data-testid={testId}>
      <EmptyState.Content>
        <Stack gap="1" textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{text}</EmptyState.Description>
        </Stack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** Previous/next paging with "1–50 of 120". */
export function Pager({
  offset,
  limit,
  total,
  onChange,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
}) {
  const { t } = useTranslation('common');
  if (total <= limit && offset === 0) return null;
  return (
    <HStack as="nav" aria-label={t('list.pages')} justify="space-between" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {t('list.showing', { from: Math.min(total, offset + 1), to: Math.min(total, offset + limit), total })}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
          {t('list.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={offset + limit >= total} onClick={() => onChange(offset + limit)}>
          {t('list.next')}
        </Button>
      </HStack>
    </HStack>
  );
}

/** A labelled native select (filters and controls); `options` are value → label. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  hideLabel,
  testId,
  size = 'sm',
  disabled,
  width,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  hideLabel?: boolean;
  testId?: string;
  size?: 'xs' | 'sm' | 'md';
  disabled?: boolean;
  width?: ConditionalValue<string>;
}) {
  const id = useId();
  return (
    <Stack gap="1" width={width}>
      {hideLabel ? (
        <VisuallyHidden asChild>
          <label htmlFor={id}>{label}</label>
        </VisuallyHidden>
      ) : (
        <Text asChild fontSize="sm" fontWeight="medium">
          <label htmlFor={id}>{label}</label>
        </Text>
      )}
      <NativeSelect.Root size={size} disabled={disabled}>
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}
