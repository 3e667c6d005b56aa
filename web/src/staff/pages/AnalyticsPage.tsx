import { useEffect, useId, useMemo } from 'react';
import { Link } from 'react-router';
import {
  fetchAnalyticsReport,
  type AnalyticsDay,
  type AnalyticsReport,
  type CoviewRow,
  type ItemRow,
  type RuleRow,
  type QueryItemRow,
  type RatingRow,
  type SearchRow,
  type WidgetRow,
} from '../api/analytics';
import { HorizontalBarChart, SearchesLineChart } from '../analytics/Charts';
import { ReportTable, type Column } from '../analytics/ReportTable';
import {
  barChartData,
  eventTotals,
  formatDay,
  formatDayRange,
  formatDecimal,
  formatDollars,
  formatNumber,
  formatRate,
  groupWidgets,
  rate,
  totals,
  widgetKindLabel,
  type EventTotal,
} from '../analytics/shape';
import { useRangeLoad } from '../analytics/useRangeLoad';
import { DateRangeForm } from '../components/DateRangeForm';
import { StaffPageTitle } from '../components/StaffLayout';
import { STAFF_PATHS } from '../paths';
import { useStaffSession } from '../session';

const count = (n: number) => formatNumber(n);

const DAY_COLUMNS: Column<AnalyticsDay>[] = [
  { header: 'Day', cell: (d) => formatDay(d.day) },
  { header: 'Searches', numeric: true, cell: (d) => count(d.searches) },
  { header: 'Null results', numeric: true, cell: (d) => count(d.nullResults) },
  { header: 'Clicks', numeric: true, cell: (d) => count(d.clicks) },
  { header: 'Add to carts', numeric: true, cell: (d) => count(d.addToCarts) },
  { header: 'Sales', numeric: true, cell: (d) => count(d.sales) },
  { header: 'Revenue', numeric: true, cell: (d) => formatDollars(d.revenue) },
];

const SEARCH_COLUMNS: Column<SearchRow>[] = [
  { header: 'Keyword', cell: (s) => s.keyword },
  { header: 'Searches', numeric: true, cell: (s) => count(s.searches) },
  { header: 'With results', numeric: true, cell: (s) => count(s.withHits) },
  { header: 'Null results', numeric: true, cell: (s) => count(s.nullResults) },
  { header: 'Clicks', numeric: true, cell: (s) => count(s.clicks) },
  { header: 'Click-through', numeric: true, cell: (s) => formatRate(s.clickThrough) },
  { header: 'Add to carts', numeric: true, cell: (s) => count(s.addToCarts) },
  { header: 'Sales', numeric: true, cell: (s) => count(s.sales) },
  { header: 'Conversion', numeric: true, cell: (s) => formatRate(s.conversion) },
  { header: 'Revenue', numeric: true, cell: (s) => formatDollars(s.revenue) },
];

const NULL_SEARCH_COLUMNS: Column<SearchRow>[] = [
  { header: 'Keyword', cell: (s) => s.keyword },
  { header: 'Null results', numeric: true, cell: (s) => count(s.nullResults) },
  { header: 'Searches', numeric: true, cell: (s) => count(s.searches) },
  { header: 'Null-result rate', numeric: true, cell: (s) => formatRate(rate(s.nullResults, s.searches)) },
];

/** What each rule means, in the table's first column. */
const RULE_NAMES: Record<string, string> = {
  pinned: 'Pinned items shown',
  redirect: 'Keyword redirected',
  synonym: 'A synonym applied',
  none: 'No rule',
};

const RULE_COLUMNS: Column<RuleRow>[] = [
  { header: 'Rule', cell: (r) => RULE_NAMES[r.rule] ?? r.rule },
  { header: 'Searches', numeric: true, cell: (r) => count(r.searches) },
  { header: 'Clicks', numeric: true, cell: (r) => count(r.clicks) },
  { header: 'Click-through', numeric: true, cell: (r) => formatRate(r.clickThrough) },
  { header: 'Add to carts', numeric: true, cell: (r) => count(r.addToCarts) },
  { header: 'Sales', numeric: true, cell: (r) => count(r.sales) },
  { header: 'Conversion', numeric: true, cell: (r) => formatRate(r.conversion) },
  { header: 'Revenue', numeric: true, cell: (r) => formatDollars(r.revenue) },
];

const ITEM_COLUMNS: Column<ItemRow>[] = [
  { header: 'Product', cell: (i) => i.itemId },
  { header: 'Impressions', numeric: true, cell: (i) => count(i.impressions) },
  { header: 'Clicks', numeric: true, cell: (i) => count(i.clicks) },
  { header: 'Click-through', numeric: true, cell: (i) => formatRate(i.clickThrough) },
  { header: 'Views', numeric: true, cell: (i) => count(i.views) },
  { header: 'Add to carts', numeric: true, cell: (i) => count(i.addToCarts) },
  { header: 'Sales', numeric: true, cell: (i) => count(i.sales) },
];

const QUERY_ITEM_COLUMNS: Column<QueryItemRow>[] = [
  { header: 'Keyword', cell: (q) => q.keyword },
  { header: 'Product', cell: (q) => q.itemId },
  { header: 'Clicks', numeric: true, cell: (q) => count(q.clicks) },
  { header: 'Add to carts', numeric: true, cell: (q) => count(q.addToCarts) },
];

function widgetColumns(first: string): Column<WidgetRow>[] {
  return [
    { header: first, cell: (w) => w.widgetId },
    { header: 'Impressions', numeric: true, cell: (w) => count(w.impressions) },
    { header: 'Clicks', numeric: true, cell: (w) => count(w.clicks) },
    { header: 'Click-through', numeric: true, cell: (w) => formatRate(w.clickThrough) },
  ];
}

const OTHER_WIDGET_COLUMNS: Column<WidgetRow>[] = [
  { header: 'Widget', cell: (w) => w.widgetId },
  { header: 'Kind', cell: (w) => widgetKindLabel(w.kind) },
  ...widgetColumns('Widget').slice(1),
];

const EVENT_COLUMNS: Column<EventTotal>[] = [
  { header: 'Event', cell: (e) => e.event },
  { header: 'Shoppers’ events', numeric: true, cell: (e) => count(e.people) },
  { header: 'Bots’ events', numeric: true, cell: (e) => count(e.bots) },
];

const COVIEW_COLUMNS: Column<CoviewRow>[] = [
  { header: 'Product', cell: (c) => c.itemId },
  { header: 'Viewed with', cell: (c) => c.otherId },
  { header: 'Visits', numeric: true, cell: (c) => count(c.visits) },
];

const RATING_COLUMNS: Column<RatingRow>[] = [
  { header: 'Product', cell: (r) => r.itemId },
  { header: 'Ratings', numeric: true, cell: (r) => count(r.ratings) },
  { header: 'Average', numeric: true, cell: (r) => formatDecimal(r.average) },
];

/**
 * /staff/analytics/ (analysts): the analytics report over a range of days (`?since=&until=`,
 * so a range can be shared and reloaded; without them the server's last seven days and
 * today). Tiles of the range's totals, a line chart of the searches per day and a bar chart
 * of the top searches (each a figure with its table), then the report's tables, each with
 * Download CSV.
 */
export function AnalyticsPage() {
  const { data: report, current, error, retry, form, apply } = useRangeLoad(fetchAnalyticsReport);
  const roles = useStaffSession((s) => (s.session.status === 'ready' ? s.session.me.roles : null));

  // This page's code loads when it is first opened: on a move here the layout found no heading
  // yet and focused the main region, so the heading takes the focus now.
  useEffect(() => {
    const main = document.getElementById('main');
    if (main && document.activeElement === main) main.querySelector<HTMLElement>('h1')?.focus();
  }, []);

  return (
    <div className="analytics">
      <StaffPageTitle title="Analytics" />
      <DateRangeForm key={form.key} since={form.since} until={form.until} onApply={apply} />
      {!current && !report && (
        <p role="status" className="page-loading">
          Loading the report…
        </p>
      )}
      {error !== null && (
        <div role="alert" className="staff-error">
          <p>{error}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {report && (
        <div className="analytics__report" aria-busy={!current || undefined}>
          <Report report={report} merchandiser={roles?.includes('merchandiser') ?? false} />
        </div>
      )}
    </div>
  );
}

function Report({ report, merchandiser }: { report: AnalyticsReport; merchandiser: boolean }) {
  const range = useMemo(() => ({ since: report.since, until: report.until }), [report.since, report.until]);
  const sum = useMemo(() => totals(report.searchesByDay), [report.searchesByDay]);
  const topTen = useMemo(
    () => barChartData(report.topSearches, (s) => s.keyword, (s) => s.searches),
    [report.topSearches],
  );
  const widgets = useMemo(() => groupWidgets(report.widgets), [report.widgets]);
  const events = useMemo(() => eventTotals(report.events), [report.events]);
  const days = formatDayRange(report.since, report.until);
  const id = useId();

  return (
    <>
      <p className="analytics__range">
        Report for <strong>{days}</strong> (days in UTC).
      </p>
      <dl className="analytics-tiles">
        <div className="analytics-tile">
          <dt>Searches</dt>
          <dd>{formatNumber(sum.searches)}</dd>
        </div>
        <div className="analytics-tile">
          <dt>Null-result rate</dt>
          <dd>{formatRate(sum.nullResultRate)}</dd>
        </div>
        <div className="analytics-tile">
          <dt>Click-through</dt>
          <dd>{formatRate(sum.clickThrough)}</dd>
        </div>
        <div className="analytics-tile">
          <dt>Conversion</dt>
          <dd>{formatRate(sum.conversion)}</dd>
        </div>
        <div className="analytics-tile">
          <dt>Revenue</dt>
          <dd>{formatDollars(sum.revenue)}</dd>
        </div>
      </dl>

      <section className="analytics__section" aria-labelledby={`${id}-searches`}>
        <h2 id={`${id}-searches`} className="analytics__heading">
          Searches
        </h2>
        <figure className="analytics-figure" aria-labelledby={`${id}-line`}>
          <figcaption id={`${id}-line`} className="analytics-figure__caption">
            Searches over time: searches, null results, clicks and add to carts per day. The table below holds the
            numbers.
          </figcaption>
          <SearchesLineChart days={report.searchesByDay} />
          <ReportTable
            caption="Searches by day"
            name="searches by day"
            csv="searches-by-day"
            range={range}
            columns={DAY_COLUMNS}
            rows={report.searchesByDay}
            rowKey={(d) => d.day}
          />
        </figure>
        <figure className="analytics-figure" aria-labelledby={`${id}-bars`}>
          <figcaption id={`${id}-bars`} className="analytics-figure__caption">
            Top 10 searches by number of searches. The table below holds the numbers.
          </figcaption>
          {topTen.labels.length > 0 ? (
            <HorizontalBarChart chart={topTen} seriesLabel="Searches" />
          ) : (
            <p>No searches in this range.</p>
          )}
          <ReportTable
            caption="Top searches"
            name="top searches"
            csv="top-searches"
            range={range}
            columns={SEARCH_COLUMNS}
            rows={report.topSearches}
            rowKey={(s) => s.keyword}
            empty="No searches in this range."
          />
        </figure>
        <ReportTable
          caption="Null-result searches"
          name="null-result searches"
          csv="null-result-searches"
          range={range}
          columns={NULL_SEARCH_COLUMNS}
          rows={report.nullResultSearches}
          rowKey={(s) => s.keyword}
          empty="Every search found something in this range."
        />
        {merchandiser && (
          <p>
            <Link to={STAFF_PATHS.nullResults}>Work the null-result queue</Link> (add redirects or synonyms for these
            keywords).
          </p>
        )}
        <ReportTable
          caption="By the rule that shaped the results (an answer two rules shaped counts for both)"
          name="searches by rule"
          csv="rules"
          range={range}
          columns={RULE_COLUMNS}
          rows={report.rules}
          rowKey={(r) => r.rule}
          empty="No counted searches in this range."
        />
        <ReportTable
          caption="Query → product: what shoppers clicked after a search"
          name="query to product"
          csv="query-items"
          range={range}
          columns={QUERY_ITEM_COLUMNS}
          rows={report.queryItems}
          rowKey={(q) => `${q.keyword}\u0000${q.itemId}`}
        />
        <h3 className="analytics__subheading">Popular searches</h3>
        {report.popularSearches.length > 0 ? (
          <ol className="analytics__popular">
            {report.popularSearches.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        ) : (
          <p>No popular searches yet.</p>
        )}
      </section>

      <section className="analytics__section" aria-labelledby={`${id}-products`}>
        <h2 id={`${id}-products`} className="analytics__heading">
          Products
        </h2>
        <ReportTable
          caption="Popular products"
          name="popular products"
          csv="top-items"
          range={range}
          columns={ITEM_COLUMNS}
          rows={report.topItems}
          rowKey={(i) => i.itemId}
        />
        <ReportTable
          caption="Viewed together (co-views)"
          name="co-views"
          csv="coviews"
          range={range}
          columns={COVIEW_COLUMNS}
          rows={report.coviews}
          rowKey={(c) => `${c.itemId}\u0000${c.otherId}`}
        />
        <ReportTable
          caption="Ratings"
          name="ratings"
          csv="ratings"
          range={range}
          columns={RATING_COLUMNS}
          rows={report.ratings}
          rowKey={(r) => r.itemId}
        />
      </section>

      <section className="analytics__section" aria-labelledby={`${id}-widgets`}>
        <h2 id={`${id}-widgets`} className="analytics__heading">
          Widgets
        </h2>
        <ReportTable
          caption="Carousels"
          name="carousels"
          csv="widgets"
          range={range}
          columns={widgetColumns('Carousel')}
          rows={widgets.carousels}
          rowKey={(w) => `${w.kind}\u0000${w.widgetId}`}
        />
        <ReportTable
          caption="Sponsored ads"
          name="sponsored ads"
          csv="widgets"
          range={range}
          columns={widgetColumns('Ad')}
          rows={widgets.ads}
          rowKey={(w) => `${w.kind}\u0000${w.widgetId}`}
        />
        <ReportTable
          caption="Other widgets"
          name="other widgets"
          csv="widgets"
          range={range}
          columns={OTHER_WIDGET_COLUMNS}
          rows={widgets.others}
          rowKey={(w) => `${w.kind}\u0000${w.widgetId}`}
        />
      </section>

      <section className="analytics__section" aria-labelledby={`${id}-events`}>
        <h2 id={`${id}-events`} className="analytics__heading">
          Events
        </h2>
        <ReportTable
          caption="Events per name"
          name="events per name"
          csv="events"
          range={range}
          columns={EVENT_COLUMNS}
          rows={events}
          rowKey={(e) => e.event}
        />
        {report.lagP50Seconds !== null && (
          <p className="analytics__lag">
            Over the last hour, events reached this report {formatDecimal(report.lagP50Seconds)} s after they arrived
            (median)
            {report.lagP99Seconds !== null && <>, {formatDecimal(report.lagP99Seconds)} s at the 99th percentile</>}.
          </p>
        )}
      </section>
    </>
  );
}
