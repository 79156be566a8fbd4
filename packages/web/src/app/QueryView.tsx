// How every screen shows what it read: the data first, whenever there is some. A failed read replaces the view
// only while there is nothing to show; a failed refresh of data already shown keeps it, under a small note, and
// the query client asks again (queryClient.ts, refreshRetryInterval).
import { type ReactNode, useEffect } from "react";
import { toast } from "sonner";
import { RefreshNote } from "../ui/RefreshNote";
import { ScreenLoader, ScreenMessage } from "./ScreenState";

/** What the view reads of a query's result: useQuery's, useInfiniteQuery's, or one derived from them. */
export type QueryState<T> = {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isRefetchError: boolean;
  refetch: () => Promise<unknown>;
};

export function QueryView<T>({
  query,
  pending,
  failed,
  children,
}: {
  query: QueryState<T>;
  /** What stands in while the first answer is on its way. */
  pending: ReactNode;
  /** What stands in when the read failed and there is no data to show. */
  failed: ReactNode | ((error: unknown) => ReactNode);
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) {
    return (
      <>
        {query.isRefetchError && <RefreshNote />}
        {children(query.data)}
      </>
    );
  }
  if (query.isError) return typeof failed === "function" ? failed(query.error) : failed;
  return pending;
}

/**
 * A page's or an admin tab's whole area: the loader (`loading` is its label), then, when the read failed with
 * nothing to show, the failure's `title` (and `detail` from the error) with a Retry, under `above` if given.
 */
export function ScreenQueryView<T>({
  query,
  loading,
  title,
  detail,
  above,
  children,
}: {
  query: QueryState<T>;
  loading?: string;
  title: string;
  detail?: (error: unknown) => string;
  /** What the page keeps over its failure (its header). */
  above?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const failure = (error: unknown) => (
    <ScreenMessage title={title} detail={detail?.(error)} onRetry={() => void query.refetch()} />
  );
  return (
    <QueryView
      query={query}
      pending={<ScreenLoader label={loading} />}
      failed={(error) =>
        above === undefined ? (
          failure(error)
        ) : (
          <div>
            {above}
            {failure(error)}
          </div>
        )
      }
    >
      {children}
    </QueryView>
  );
}

/** A toast when the first read fails (the screen says so too); a failed refresh has its note instead. */
export function useLoadFailureToast(query: { isLoadingError: boolean }, message: string) {
  useEffect(() => {
    if (query.isLoadingError) toast.error(message);
  }, [query.isLoadingError, message]);
}
