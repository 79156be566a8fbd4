import { expect, it } from "vitest";
import { measureImagesPerSecond } from "./throughput";

it("measures the generator's throughput for the bench", () => {
  expect(measureImagesPerSecond(10)).toBeGreaterThan(0);
});
