import { SERVER_ORIGINS, type ServerOrigin } from "@portal/domain";
import { type FormEvent, useId, useState } from "react";
import { ORIGIN_LABELS } from "../../../lib/console/labels";
import { DATE_INPUT_PROPS } from "../../../lib/date-input";
import type { ReportFilters } from "../api/get-report";
import { CATEGORY_OPTIONS } from "../utils/report-categories";

interface ReportFiltersFormProps {
  initial: ReportFilters;
  /** The range and filters chosen, once the range reads the right way round. */
  onShow: (filters: ReportFilters) => void;
}

/** The report's range of days, channel and category; a range the wrong way round is refused here. */
export function ReportFiltersForm({ initial, onShow }: ReportFiltersFormProps) {
  const [form, setForm] = useState<ReportFilters>(initial);
  const [rangeError, setRangeError] = useState("");
  const ids = { from: useId(), to: useId(), channel: useId(), category: useId(), rangeError: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.from > form.to) {
      setRangeError("The first day must not be after the last day.");
      return;
    }
    setRangeError("");
    onShow({ ...form });
  };

  return (
    <form className="row g-3 align-items-end mb-4" onSubmit={submit} noValidate>
      <div className="col-md-3">
        <label className="form-label" htmlFor={ids.from}>
          From
        </label>
        <input
          id={ids.from}
          className="form-control"
          {...DATE_INPUT_PROPS}
          required
          value={form.from}
          aria-describedby={rangeError ? ids.rangeError : undefined}
          onChange={(event) => setForm({ ...form, from: event.target.value })}
        />
      </div>
      <div className="col-md-3">
        <label className="form-label" htmlFor={ids.to}>
          To
        </label>
        <input
          id={ids.to}
          className="form-control"
          {...DATE_INPUT_PROPS}
          required
          value={form.to}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? ids.rangeError : undefined}
          onChange={(event) => setForm({ ...form, to: event.target.value })}
        />
      </div>
      <div className="col-md-2">
        <label className="form-label" htmlFor={ids.channel}>
          Channel
        </label>
        <select
          id={ids.channel}
          className="form-select"
          value={form.channel ?? ""}
          onChange={(event) =>
            setForm({ ...form, channel: (event.target.value || undefined) as ServerOrigin | undefined })
          }
        >
          <option value="">All channels</option>
          {SERVER_ORIGINS.map((origin) => (
            <option key={origin} value={origin}>
              {ORIGIN_LABELS[origin]}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-2">
        <label className="form-label" htmlFor={ids.category}>
          Category
        </label>
        <select
          id={ids.category}
          className="form-select"
          value={form.category ?? ""}
          onChange={(event) => setForm({ ...form, category: event.target.value || undefined })}
        >
          <option value="">All categories</option>
          {CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-2">
        <button type="submit" className="btn btn-primary">
          Show report
        </button>
      </div>
      {rangeError ? (
        <div className="col-12 text-danger" id={ids.rangeError}>
          {rangeError}
        </div>
      ) : null}
    </form>
  );
}
