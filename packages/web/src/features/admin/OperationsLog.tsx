// Under the tabs: this visit's log (timestamped, coloured by result), and the persistent operations log of
// every admin (who, what, target, result, when), newest first, filterable by result, action and admin.
import type { AdminOperation, AdminOperationResult } from "@bot-arena/contract";
import { CircleAlert, CircleCheck, ClipboardList, ScrollText, TriangleAlert } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { QueryView } from "../../app/QueryView";
import { useMe } from "../../app/session";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { Input } from "../../ui/Input";
import { Panel } from "../../ui/Panel";
import { SpinnerArea } from "../../ui/Spinner";
import { SectionTitle, selectClass } from "./Field";
import { type LogResult, useOpsLog } from "./opsLog";
import { useOperations } from "./useAdmin";

const look: Record<LogResult, { row: string; text: string; Icon: typeof CircleCheck }> = {
  success: { row: "border-lime/30 bg-lime/5", text: "text-lime", Icon: CircleCheck },
  warning: { row: "border-amber/40 bg-amber/5", text: "text-amber", Icon: TriangleAlert },
  error: { row: "border-danger/40 bg-danger/5", text: "text-danger", Icon: CircleAlert },
};

const time = new Intl.DateTimeFormat("en-US", { timeStyle: "medium" });
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium" });

function ResultIcon({ result }: { result: LogResult }) {
  const { Icon, text } = look[result];
  return <Icon className={cn("size-4 shrink-0", text)} aria-label={result} />;
}

export function SessionLog() {
  const { entries } = useOpsLog();
  return (
    <Panel tone="neutral">
      <SectionTitle icon={<ClipboardList />}>Your Operations</SectionTitle>
      {entries.length === 0 ? (
        <p className="text-sm text-muted">Nothing yet this visit. Every action you take here is listed.</p>
      ) : (
        // Focusable, so a keyboard can scroll a long log (axe: scrollable-region-focusable).
        <ol
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys.
          tabIndex={0}
          className="max-h-72 space-y-1.5 overflow-y-auto rounded-md pr-1 focus-visible:outline-2 focus-visible:outline-cyan"
          aria-label="Your operations"
          data-testid="session-log"
        >
          {entries.map((entry) => (
            <li
              key={entry.id}
              data-result={entry.result}
              className={cn(
                "flex items-start gap-2 rounded-md border px-3 py-2 text-sm",
                look[entry.result].row,
              )}
            >
              <ResultIcon result={entry.result} />
              <time
                className="shrink-0 font-mono text-xs text-muted tabular-nums"
                dateTime={entry.at.toISOString()}
              >
                {time.format(entry.at)}
              </time>
              <span className={cn("min-w-0 font-semibold", look[entry.result].text)}>
                {entry.message}
                {entry.detail && <span className="block font-normal text-muted">{entry.detail}</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** "grant_coins" -> "Grant coins"; the target and the notable details in a line. */
const actionLabel = (action: string) => {
  const words = action.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function summary(operation: AdminOperation): string {
  const d = operation.detail;
  const parts = [
    d.username ?? d.email,
    d.amount !== undefined ? `${d.amount} coins` : undefined,
    d.equipmentName,
    d.title ?? d.filename,
    d.rarity && d.botClass ? `${d.rarity} ${d.botClass}` : undefined,
    d.deleted !== undefined ? `${d.deleted} deleted` : undefined,
    d.enabled !== undefined ? (d.enabled ? "on" : "off") : undefined,
    d.reason,
    d.message,
    d.refusal,
  ];
  return parts
    .filter((part) => part !== undefined && part !== null && part !== "")
    .map(String)
    .join(" · ");
}

export function OperationsHistory() {
  const me = useMe();
  const [result, setResult] = useState<AdminOperationResult | "">("");
  const [action, setAction] = useState("");
  const [mineOnly, setMineOnly] = useState(false);
  const deferredAction = useDeferredValue(action.trim());
  const operations = useOperations({
    ...(result ? { result } : {}),
    ...(deferredAction ? { action: deferredAction.replaceAll(" ", "_").toLowerCase() } : {}),
    ...(mineOnly && me.data ? { mine: me.data.id } : {}),
  });
  const rows = operations.data?.pages.flatMap((page) => page.operations) ?? [];
  return (
    <Panel tone="neutral">
      <SectionTitle icon={<ScrollText />}>Operations Log</SectionTitle>
      <div className="mb-4 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-center">
        <select
          aria-label="Result"
          className={selectClass}
          value={result}
          onChange={(e) => setResult(e.target.value as AdminOperationResult | "")}
        >
          <option value="">All results</option>
          <option value="success">Success</option>
          <option value="warning">Warning</option>
          <option value="error">Error</option>
        </select>
        <Input
          aria-label="Action"
          placeholder="Action, e.g. grant or music"
          value={action}
          onChange={(e) => setAction(e.target.value)}
        />
        <label className="flex cursor-pointer items-center gap-2 text-sm text-muted">
          <input
            type="checkbox"
            checked={mineOnly}
            onChange={(e) => setMineOnly(e.target.checked)}
            className="size-4 accent-cyan"
          />
          Only mine
        </label>
      </div>
      <QueryView
        query={operations}
        pending={<SpinnerArea className="py-6" />}
        failed={<p className="py-4 text-center text-muted">Failed to load data</p>}
      >
        {() =>
          rows.length === 0 ? (
            <p className="py-4 text-center text-muted">No operations match.</p>
          ) : (
            <ol className="divide-y divide-cyan/10" aria-label="Operations log" data-testid="operations-log">
              {rows.map((operation) => (
                <li
                  key={operation.id}
                  className="flex items-start gap-3 py-2.5 text-sm"
                  data-result={operation.result}
                >
                  <ResultIcon result={operation.result} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-ink">
                      {actionLabel(operation.action)}{" "}
                      <span className="font-normal text-muted">
                        {operation.adminUsername ? `by ${operation.adminUsername}` : "by the server"}
                      </span>
                    </p>
                    <p className="wrap-anywhere text-muted">{summary(operation)}</p>
                  </div>
                  <time
                    className="shrink-0 text-right text-xs text-muted tabular-nums"
                    dateTime={operation.createdAt}
                  >
                    {when.format(new Date(operation.createdAt))}
                  </time>
                </li>
              ))}
            </ol>
          )
        }
      </QueryView>
      {operations.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="ghost"
            busy={operations.isFetchingNextPage}
            onClick={() => void operations.fetchNextPage()}
          >
            Load older
          </Button>
        </div>
      )}
    </Panel>
  );
}
