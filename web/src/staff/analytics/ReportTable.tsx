import { useState, type ReactNode } from 'react';
import { downloadReportCsv } from '../api/analytics';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { TableWrap } from '../components/TableWrap';
import { useStaffSession } from '../session';
import type { CsvTable } from './shape';

/** A column of a report table: its heading and its cell; `numeric` ones align right. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/**
 * Download CSV of one of the report's tables over the report's days (`name` ends the button's
 * name: 'Download CSV of top searches'). While the file is read the button says so; a refusal
 * is said next to it; a 401 is the console's sign-in.
 */
export function CsvButton({ table, name, range }: { table: CsvTable; name: string; range: { since: string; until: string } }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signedOut = useStaffSession((s) => s.signedOut);

  async function download() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await downloadReportCsv(table, range);
    } catch (failure) {
      if (isSignedOut(failure)) signedOut();
      else setError(staffErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="analytics-table__tools">
      <button
        type="button"
        className="button button--secondary analytics-table__csv"
        aria-disabled={busy || undefined}
        onClick={() => void download()}
      >
        {busy ? 'Downloading…' : 'Download CSV'} <span className="visually-hidden">of {name}</span>
      </button>
      {error && (
        <p role="alert" className="staff-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * One of the report's tables: its caption, Download CSV, and a row per row (the first column
 * heads its row), or a line saying there is nothing in the range.
 */
export function ReportTable<T>({
  caption,
  name,
  csv,
  range,
  columns,
  rows,
  rowKey,
  empty = 'Nothing in this range.',
}: {
  caption: string;
  /** The table in the button's name ('top searches'). */
  name: string;
  csv: CsvTable;
  range: { since: string; until: string };
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  empty?: string;
}) {
  return (
    <div className="analytics-table">
      <CsvButton table={csv} name={name} range={range} />
      <TableWrap label={`${caption}, scrollable`}>
        <table className="staff-table">
          <caption className="staff-table__caption">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={column.numeric ? 'staff-table__number' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length}>{empty}</td>
              </tr>
            )}
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column, at) =>
                  at === 0 ? (
                    <th key={column.header} scope="row" className={column.numeric ? 'staff-table__number' : undefined}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={column.numeric ? 'staff-table__number' : undefined}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </div>
  );
}
