// The query view every screen shows its data through: data first, whenever there is some; a failed first read
// in its place; a failed refresh under a small note, with the data kept.
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, errorMessage } from "./api";
import { QueryView, ScreenQueryView } from "./QueryView";
import { createQueryClient, REFRESH_RETRY_MS } from "./queryClient";

afterEach(() => {
  vi.useRealTimers();
});

/** A read the player's rate turned away for a minute: not retried, so the failure shows at once. */
const refused = () =>
  new ApiError(429, "RATE_LIMITED", "Too many requests, please slow down", true, undefined, 60_000);

/** Each read takes the next answer; a function answer throws. */
function reads(...answers: (string | (() => never))[]) {
  let asked = 0;
  return async () => {
    const answer = answers[Math.min(asked++, answers.length - 1)]!;
    return typeof answer === "string" ? answer : answer();
  };
}

const fails = () => {
  throw refused();
};

/** A refusal without a Retry-After, not retried: the refresh is asked again REFRESH_RETRY_MS later. */
const refusedPlainly = () => {
  throw new ApiError(404, "NOT_FOUND", "Not found", true);
};

function Probe({ read }: { read: () => Promise<string> }) {
  const query = useQuery({ queryKey: ["probe"], queryFn: read });
  return (
    <QueryView
      query={query}
      pending={<p>Loading the board</p>}
      failed={(error) => <p role="alert">{errorMessage(error, "Failed to load data")}</p>}
    >
      {(text) => <p data-testid="shown">{text}</p>}
    </QueryView>
  );
}

function show(read: () => Promise<string>, screenArea = false) {
  const client = createQueryClient();
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={client}>
      {screenArea ? <ScreenProbe read={read} /> : <Probe read={read} />}
    </QueryClientProvider>,
  );
  const refetch = () => act(() => client.refetchQueries({ queryKey: ["probe"] }));
  return { user, refetch };
}

function ScreenProbe({ read }: { read: () => Promise<string> }) {
  const query = useQuery({ queryKey: ["probe"], queryFn: read });
  return (
    <ScreenQueryView query={query} loading="Loading the board" title="Failed to load data">
      {(text) => <p data-testid="shown">{text}</p>}
    </ScreenQueryView>
  );
}

describe("QueryView", () => {
  it("shows the pending view while the first answer is on its way", async () => {
    show(() => new Promise<string>(() => {}));
    expect(await screen.findByText("Loading the board")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByTestId("shown")).toBeNull();
  });

  it("puts the failure in the data's place when the first read fails", async () => {
    show(reads(fails));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many requests, please slow down");
    expect(screen.queryByText("Loading the board")).toBeNull();
    expect(screen.queryByText("Could not refresh, retrying")).toBeNull();
  });

  it("keeps the data under a note when a refresh fails, and drops the note with the next answer", async () => {
    const { refetch } = show(reads("Top 100", fails, "Top 100, an hour later"));
    expect((await screen.findByTestId("shown")).textContent).toBe("Top 100");
    expect(screen.queryByRole("status")).toBeNull();

    await refetch();
    expect((await screen.findByRole("status")).textContent).toBe("Could not refresh, retrying");
    expect(screen.getByTestId("shown").textContent).toBe("Top 100");
    expect(screen.queryByRole("alert")).toBeNull();

    await refetch();
    expect(await screen.findByText("Top 100, an hour later")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("is true to its note: the query client asks again by itself, and the answer ends the note", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { refetch } = show(reads("Top 100", refusedPlainly, "Top 100, an hour later"));
    expect((await screen.findByTestId("shown")).textContent).toBe("Top 100");
    await refetch();
    expect((await screen.findByRole("status")).textContent).toBe("Could not refresh, retrying");
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS));
    expect(await screen.findByText("Top 100, an hour later")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("ScreenQueryView", () => {
  it("puts the failure with a Retry in the area's place, and the Retry reads again", async () => {
    const { user } = show(reads(fails, "Top 100"), true);
    expect(await screen.findByRole("heading", { name: "Failed to load data" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect((await screen.findByTestId("shown")).textContent).toBe("Top 100");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
