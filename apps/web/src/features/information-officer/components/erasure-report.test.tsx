import type { ErasureReport as Report } from "@portal/domain";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ErasureReport } from "./erasure-report";

const report = (ranAt: string): Report => ({
  ranAt,
  held: false,
  removed: {
    queries: 1,
    replies: 0,
    queryAttachments: 0,
    documentSubmissions: 0,
    documentFiles: 0,
    sentMails: 0,
  },
  kept: [],
});

describe("ErasureReport", () => {
  it("names each report's region by its member and its run, so two on a page never share a label", () => {
    render(
      <>
        <h3 id="card-a">Sipho Nkosi (entity 41)</h3>
        <ErasureReport report={report("2026-11-24T10:05:00.000Z")} ownerLabelId="card-a" />
        <h3 id="card-b">Ayesha Patel (entity 43)</h3>
        <ErasureReport report={report("2026-11-24T10:05:00.000Z")} ownerLabelId="card-b" />
        <ErasureReport report={report("2026-11-25T08:00:00.000Z")} ownerLabelId="card-b" />
      </>,
    );
    // getByRole finds exactly one region by each name: none shares another's.
    const regions = [
      /^Erasure report Sipho Nkosi \(entity 41\) Erased on .+\.$/,
      /^Erasure report Ayesha Patel \(entity 43\) Erased on .*24.*\.$/,
      /^Erasure report Ayesha Patel \(entity 43\) Erased on .*25.*\.$/,
    ].map((name) => screen.getByRole("region", { name }));
    expect(new Set(regions).size).toBe(3);
    // The heading keeps its own short name.
    expect(screen.getAllByRole("heading", { name: "Erasure report" })).toHaveLength(3);
  });
});
