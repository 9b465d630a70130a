import { useCallback, useMemo } from 'react';
import { useLatestSearchParams } from './useLatestSearchParams';

/** List state kept in the address (filters and page), so back, reload and links keep it. */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useLatestSearchParams();
  const values = useMemo(() => {
    const out = {} as Record<K, string>;
    for (const key of keys) out[key] = params.get(key) ?? '';
    return out;
  }, [params, keys]);
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);

  const update = useCallback(
    (next: Partial<Record<K, string>>, nextOffset = 0) => {
      setParams(
        (out) => {
          for (const [key, value] of Object.entries(next) as [K, string | undefined][]) {
            if (value) out.set(key, value);
            else out.delete(key);
          }
          if (nextOffset > 0) out.set('offset', String(nextOffset));
          else out.delete('offset');
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { values, offset, update };
}
