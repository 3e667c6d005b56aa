//! A store's current opening state, computed in the store's own time zone: "Open until 8:00 PM",
//! "Closing soon at 8:00 PM", "Closed - Opens Tuesday at 7:00 AM", "Coming soon".
//!
//! Pure functions of the weekly hours, the time zone and the instant: no clock, no database.
//! A day whose close is not after its open ("6:00 AM - 1:00 AM") closes after midnight; a close
//! of 11:59 PM means the end of the day, so "12:00 AM - 11:59 PM" is open around the clock and
//! runs into a next day that opens at midnight without a one-minute gap.

use chrono::{DateTime, Datelike, Duration, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use projections::model::catalog::{WeeklyHours, WEEKDAYS};
use serde::Serialize;

/// A store closing within this many minutes is "closing soon".
pub const CLOSING_SOON_MINUTES: i64 = 60;

/// The time zone used when a store's own is not a known IANA name.
pub const FALLBACK_TIME_ZONE: Tz = chrono_tz::America::Chicago;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub enum HoursStatus {
    Open,
    ClosingSoon,
    Closed,
    ComingSoon,
}

impl HoursStatus {
    /// The CSS-style name the client uses for the label: open, closing-soon, closed, coming-soon.
    pub fn display_style(self) -> &'static str {
        match self {
            HoursStatus::Open => "open",
            HoursStatus::ClosingSoon => "closing-soon",
            HoursStatus::Closed => "closed",
            HoursStatus::ComingSoon => "coming-soon",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrentHours {
    pub display_text: String,
    /// [`HoursStatus::display_style`] of the status.
    #[schema(schema_with = display_styles)]
    pub display_style: &'static str,
}

/// The schema of `displayStyle`: one of the [`HoursStatus::display_style`] names.
fn display_styles() -> utoipa::openapi::Object {
    use HoursStatus::*;
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(
            [Open, ClosingSoon, Closed, ComingSoon].map(HoursStatus::display_style),
        ))
        .build()
}

/// Parses an IANA time-zone name ("America/Detroit").
pub fn parse_time_zone(name: &str) -> Option<Tz> {
    name.trim().parse::<Tz>().ok()
}

/// "7:00 AM"
pub fn format_time(t: NaiveTime) -> String {
    t.format("%-I:%M %p").to_string()
}

/// One opening of the store, as instants, with the posted closing time for display.
#[derive(Debug, Clone, Copy)]
struct Opening {
    open: DateTime<Utc>,
    close: DateTime<Utc>,
    open_local: NaiveDateTime,
    close_shown: NaiveTime,
}

/// The instant a local wall-clock time names: the earlier one when clocks fall back, the
/// first instant after the gap when they spring forward.
fn instant(tz: Tz, local: NaiveDateTime) -> DateTime<Utc> {
    match tz.from_local_datetime(&local) {
        chrono::LocalResult::Single(t) => t.with_timezone(&Utc),
        chrono::LocalResult::Ambiguous(first, _) => first.with_timezone(&Utc),
        chrono::LocalResult::None => local
            .checked_add_signed(Duration::hours(1))
            .and_then(|later| tz.from_local_datetime(&later).earliest())
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or_else(|| local.and_utc()),
    }
}

/// The openings from the day before `now` (which may run past midnight) to a week after it,
/// in order, with openings that touch or overlap merged into one.
fn openings(hours: &WeeklyHours, tz: Tz, now: DateTime<Utc>) -> Vec<Opening> {
    let today = now.with_timezone(&tz).date_naive();
    let end_of_day = NaiveTime::from_hms_opt(23, 59, 0).unwrap_or(NaiveTime::MIN);
    let mut out: Vec<Opening> = Vec::new();
    for offset in -1..=7 {
        let (Some(date), Some(next_day)) = (
            today.checked_add_signed(Duration::days(offset)),
            today.checked_add_signed(Duration::days(offset + 1)),
        ) else {
            continue;
        };
        let day = date.weekday().num_days_from_monday() as usize;
        let Some(h) = hours.0.get(day).copied().flatten() else {
            continue;
        };
        let open_local = date.and_time(h.open);
        let close_local = if h.close <= h.open {
            next_day.and_time(h.close)
        } else if h.close == end_of_day {
            next_day.and_time(NaiveTime::MIN)
        } else {
            date.and_time(h.close)
        };
        let opening = Opening {
            open: instant(tz, open_local),
            close: instant(tz, close_local),
            open_local,
            close_shown: h.close,
        };
        match out.last_mut() {
            Some(last) if opening.open <= last.close => {
                if opening.close > last.close {
                    last.close = opening.close;
                    last.close_shown = opening.close_shown;
                }
            }
            _ => out.push(opening),
        }
    }
    out
}

/// The store's state at `now` and the label for it.
pub fn current_hours(
    hours: &WeeklyHours,
    tz: Tz,
    coming_soon: bool,
    now: DateTime<Utc>,
) -> (HoursStatus, CurrentHours) {
    let label = |status: HoursStatus, text: String| {
        (
            status,
            CurrentHours {
                display_text: text,
                display_style: status.display_style(),
            },
        )
    };
    if coming_soon {
        return label(HoursStatus::ComingSoon, "Coming soon".to_string());
    }
    let openings = openings(hours, tz, now);
    if let Some(o) = openings.iter().find(|o| o.open <= now && now < o.close) {
        let left = o.close - now;
        if left > Duration::hours(24) {
            return label(HoursStatus::Open, "Open 24 hours".to_string());
        }
        let close = format_time(o.close_shown);
        return if left <= Duration::minutes(CLOSING_SOON_MINUTES) {
            label(HoursStatus::ClosingSoon, format!("Closing soon at {close}"))
        } else {
            label(HoursStatus::Open, format!("Open until {close}"))
        };
    }
    let today = now.with_timezone(&tz).date_naive();
    match openings.iter().find(|o| o.open > now) {
        Some(next) => {
            let at = format_time(next.open_local.time());
            let date = next.open_local.date();
            let text = if date == today {
                format!("Closed - Opens at {at}")
            } else {
                let day = WEEKDAYS[date.weekday().num_days_from_monday() as usize];
                format!("Closed - Opens {day} at {at}")
            };
            label(HoursStatus::Closed, text)
        }
        None => label(HoursStatus::Closed, "Closed".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use projections::model::catalog::DayHours;

    fn day(text: &str) -> Option<DayHours> {
        if text == "Closed" {
            None
        } else {
            Some(DayHours::parse(text).expect("hours"))
        }
    }

    /// Monday first.
    fn week(days: [&str; 7]) -> WeeklyHours {
        WeeklyHours(days.map(day))
    }

    fn standard() -> WeeklyHours {
        week([
            "7:00 AM - 8:00 PM",
            "7:00 AM - 8:00 PM",
            "7:00 AM - 8:00 PM",
            "7:00 AM - 8:00 PM",
            "6:00 AM - 1:00 AM",
            "12:00 AM - 11:59 PM",
            "Closed",
        ])
    }

    const CHICAGO: Tz = chrono_tz::America::Chicago;
    const DETROIT: Tz = chrono_tz::America::Detroit;

    /// A local wall-clock time in `tz` as an instant.
    fn at(tz: Tz, y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        tz.with_ymd_and_hms(y, m, d, h, min, 0)
            .single()
            .expect("unambiguous")
            .with_timezone(&Utc)
    }

    fn text(hours: &WeeklyHours, tz: Tz, now: DateTime<Utc>) -> (HoursStatus, String) {
        let (status, current) = current_hours(hours, tz, false, now);
        assert_eq!(current.display_style, status.display_style());
        (status, current.display_text)
    }

    // 2026-06-01 is a Monday.

    #[test]
    fn open_closing_soon_and_closed_on_a_regular_day() {
        let h = standard();
        let cases = [
            ((6, 59), HoursStatus::Closed, "Closed - Opens at 7:00 AM"),
            ((7, 0), HoursStatus::Open, "Open until 8:00 PM"),
            ((18, 59), HoursStatus::Open, "Open until 8:00 PM"),
            ((19, 0), HoursStatus::ClosingSoon, "Closing soon at 8:00 PM"),
            (
                (19, 59),
                HoursStatus::ClosingSoon,
                "Closing soon at 8:00 PM",
            ),
            (
                (20, 0),
                HoursStatus::Closed,
                "Closed - Opens Tuesday at 7:00 AM",
            ),
            (
                (23, 30),
                HoursStatus::Closed,
                "Closed - Opens Tuesday at 7:00 AM",
            ),
        ];
        for ((hh, mm), status, label) in cases {
            assert_eq!(
                text(&h, CHICAGO, at(CHICAGO, 2026, 6, 1, hh, mm)),
                (status, label.to_string()),
                "{hh}:{mm}"
            );
        }
    }

    #[test]
    fn a_day_that_closes_after_midnight_is_still_open_the_next_morning() {
        // Friday 2026-06-05, 6:00 AM - 1:00 AM; Saturday 00:30 belongs to Friday's hours.
        let friday_late = week([
            "Closed",
            "Closed",
            "Closed",
            "Closed",
            "6:00 AM - 1:00 AM",
            "8:00 AM - 7:00 PM",
            "Closed",
        ]);
        assert_eq!(
            text(&friday_late, CHICAGO, at(CHICAGO, 2026, 6, 5, 23, 0)),
            (HoursStatus::Open, "Open until 1:00 AM".into())
        );
        assert_eq!(
            text(&friday_late, CHICAGO, at(CHICAGO, 2026, 6, 6, 0, 0)),
            (HoursStatus::ClosingSoon, "Closing soon at 1:00 AM".into())
        );
        assert_eq!(
            text(&friday_late, CHICAGO, at(CHICAGO, 2026, 6, 6, 0, 30)),
            (HoursStatus::ClosingSoon, "Closing soon at 1:00 AM".into())
        );
        assert_eq!(
            text(&friday_late, CHICAGO, at(CHICAGO, 2026, 6, 5, 12, 0)),
            (HoursStatus::Open, "Open until 1:00 AM".into())
        );
        assert_eq!(
            text(&friday_late, CHICAGO, at(CHICAGO, 2026, 6, 6, 1, 0)),
            (HoursStatus::Closed, "Closed - Opens at 8:00 AM".into())
        );
        assert_eq!(
            text(&friday_late, CHICAGO, at(CHICAGO, 2026, 6, 6, 19, 0)),
            (
                HoursStatus::Closed,
                "Closed - Opens Friday at 6:00 AM".into()
            )
        );
    }

    #[test]
    fn midnight_to_eleven_fifty_nine_is_open_all_day() {
        let h = standard();
        // Friday runs to 1:00 AM and Saturday opens at midnight: one long opening.
        assert_eq!(
            text(&h, CHICAGO, at(CHICAGO, 2026, 6, 5, 23, 0)),
            (HoursStatus::Open, "Open 24 hours".into())
        );
        assert_eq!(
            text(&h, CHICAGO, at(CHICAGO, 2026, 6, 6, 0, 30)),
            (HoursStatus::Open, "Open until 11:59 PM".into())
        );
        assert_eq!(
            text(&h, CHICAGO, at(CHICAGO, 2026, 6, 6, 10, 0)),
            (HoursStatus::Open, "Open until 11:59 PM".into())
        );
        assert_eq!(
            text(&h, CHICAGO, at(CHICAGO, 2026, 6, 6, 23, 30)),
            (HoursStatus::ClosingSoon, "Closing soon at 11:59 PM".into())
        );
        let now = CHICAGO
            .with_ymd_and_hms(2026, 6, 6, 23, 59, 30)
            .single()
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(
            text(&h, CHICAGO, now),
            (HoursStatus::ClosingSoon, "Closing soon at 11:59 PM".into())
        );
        // Sunday closed: opens Monday.
        assert_eq!(
            text(&h, CHICAGO, at(CHICAGO, 2026, 6, 7, 12, 0)),
            (
                HoursStatus::Closed,
                "Closed - Opens Monday at 7:00 AM".into()
            )
        );
        let always = week(["12:00 AM - 11:59 PM"; 7]);
        assert_eq!(
            text(&always, CHICAGO, at(CHICAGO, 2026, 6, 3, 23, 59)),
            (HoursStatus::Open, "Open 24 hours".into())
        );
    }

    #[test]
    fn a_michigan_store_keeps_eastern_time() {
        let h = standard();
        // Monday 19:30 in Chicago is 20:30 in Detroit.
        let now = at(CHICAGO, 2026, 6, 1, 19, 30);
        assert_eq!(
            text(&h, CHICAGO, now),
            (HoursStatus::ClosingSoon, "Closing soon at 8:00 PM".into())
        );
        assert_eq!(
            text(&h, DETROIT, now),
            (
                HoursStatus::Closed,
                "Closed - Opens Tuesday at 7:00 AM".into()
            )
        );
        // Monday 6:30 in Chicago is 7:30 in Detroit.
        let now = at(CHICAGO, 2026, 6, 1, 6, 30);
        assert_eq!(
            text(&h, CHICAGO, now),
            (HoursStatus::Closed, "Closed - Opens at 7:00 AM".into())
        );
        assert_eq!(
            text(&h, DETROIT, now),
            (HoursStatus::Open, "Open until 8:00 PM".into())
        );
    }

    #[test]
    fn daylight_saving_changes_follow_the_wall_clock() {
        let sunday = week([
            "Closed",
            "Closed",
            "Closed",
            "Closed",
            "Closed",
            "Closed",
            "8:00 AM - 6:00 PM",
        ]);
        // 2026-03-08: clocks spring forward at 2:00 AM; 13:00 UTC is 8:00 AM CDT.
        let now = Utc.with_ymd_and_hms(2026, 3, 8, 13, 0, 0).unwrap();
        assert_eq!(
            text(&sunday, CHICAGO, now),
            (HoursStatus::Open, "Open until 6:00 PM".into())
        );
        let now = Utc.with_ymd_and_hms(2026, 3, 8, 12, 59, 0).unwrap();
        assert_eq!(
            text(&sunday, CHICAGO, now),
            (HoursStatus::Closed, "Closed - Opens at 8:00 AM".into())
        );
        // 2026-11-01: clocks fall back; 14:00 UTC is 8:00 AM CST.
        let now = Utc.with_ymd_and_hms(2026, 11, 1, 13, 30, 0).unwrap();
        assert_eq!(
            text(&sunday, CHICAGO, now),
            (HoursStatus::Closed, "Closed - Opens at 8:00 AM".into())
        );
        let now = Utc.with_ymd_and_hms(2026, 11, 1, 14, 0, 0).unwrap();
        assert_eq!(
            text(&sunday, CHICAGO, now),
            (HoursStatus::Open, "Open until 6:00 PM".into())
        );
        // Closing soon counts real minutes across the change: a store open Saturday
        // 6:00 PM - 2:30 AM closes at 2:30 AM CST, two real hours after 1:30 AM CDT.
        let late = week([
            "Closed",
            "Closed",
            "Closed",
            "Closed",
            "Closed",
            "6:00 PM - 2:30 AM",
            "Closed",
        ]);
        let now = Utc.with_ymd_and_hms(2026, 11, 1, 6, 30, 0).unwrap(); // 1:30 AM CDT
        assert_eq!(
            text(&late, CHICAGO, now),
            (HoursStatus::Open, "Open until 2:30 AM".into())
        );
        let now = Utc.with_ymd_and_hms(2026, 11, 1, 7, 45, 0).unwrap(); // 1:45 AM CST
        assert_eq!(
            text(&late, CHICAGO, now),
            (HoursStatus::ClosingSoon, "Closing soon at 2:30 AM".into())
        );
    }

    #[test]
    fn an_opening_time_skipped_by_the_clock_change_opens_after_the_gap() {
        let early = week([
            "Closed",
            "Closed",
            "Closed",
            "Closed",
            "Closed",
            "Closed",
            "2:30 AM - 6:00 PM",
        ]);
        // 2026-03-08 2:30 AM does not exist in Chicago: the store opens at 3:30 AM CDT.
        let now = Utc.with_ymd_and_hms(2026, 3, 8, 9, 0, 0).unwrap(); // 4:00 AM CDT
        assert_eq!(
            text(&early, CHICAGO, now),
            (HoursStatus::Open, "Open until 6:00 PM".into())
        );
        let now = Utc.with_ymd_and_hms(2026, 3, 8, 7, 59, 0).unwrap(); // 1:59 AM CST
        assert_eq!(text(&early, CHICAGO, now).0, HoursStatus::Closed);
    }

    #[test]
    fn coming_soon_and_never_open() {
        let (status, current) = current_hours(&standard(), CHICAGO, true, Utc::now());
        assert_eq!(status, HoursStatus::ComingSoon);
        assert_eq!(
            current,
            CurrentHours {
                display_text: "Coming soon".into(),
                display_style: "coming-soon"
            }
        );
        let never = WeeklyHours([None; 7]);
        assert_eq!(
            text(&never, CHICAGO, Utc::now()),
            (HoursStatus::Closed, "Closed".into())
        );
    }

    #[test]
    fn time_zones_parse_by_iana_name() {
        assert_eq!(parse_time_zone("America/Detroit"), Some(DETROIT));
        assert_eq!(parse_time_zone("Mars/Olympus"), None);
    }
}
