// Latency percentiles and a fixed-width table printer for benchmark output.
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export type LatencySummary = {
  count: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

export function summarize(latenciesMs: number[], seconds: number): LatencySummary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    count: sorted.length,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [
    header,
    ...rows.map((row) => row.map((cell) => (typeof cell === "number" ? fmt(cell) : cell))),
  ];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => String(row[column] ?? "").length)));
  console.log(`\n${title}`);
  for (const [index, row] of cells.entries()) {
    console.log(`| ${row.map((cell, column) => String(cell).padEnd(widths[column] ?? 0)).join(" | ")} |`);
    if (index === 0) console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  }
}

export function fmt(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString("en-US");
  return value >= 100 ? Math.round(value).toLocaleString("en-US") : value.toFixed(2);
}
