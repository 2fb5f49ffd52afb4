//! What the ledger says a GM earned (decisions.md, "Commerce (issue 16)" §1): `listMyEarnings` for the GM's page and
//! `questline admin payouts --month YYYY-MM` for the operator. Both only sum `ledger_entries` by GM, currency and
//! month (and by session for the page), leaving out test orders' rows; nothing is recomputed from prices or the
//! fee setting, and names are read when the report is made, since the ledger keeps ids only.

use std::collections::BTreeMap;

use axum::extract::State;
use chrono::{DateTime, Utc};
use questline_domain::ErrorCode;
use questline_domain::commerce::format_minor;
use questline_domain::commerce::refunds::{Month, PAYOUTS_HEADER, PayoutRow, Totals};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::entities::ledger_entry;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Query};
use crate::state::AppState;
use crate::{accounts, sessions};

const TAG: &str = "commerce";

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EarningsQuery {
    /// `YYYY-MM` (UTC); this month when left out.
    #[param(pattern = r"^[2-9][0-9]{3}-(0[1-9]|1[0-2])$")]
    pub month: Option<String>,
}

/// One currency's sums for the month. Amounts are decimal strings.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct EarningsTotal {
    pub currency_code: String,
    /// Payments charged this month.
    pub payments: u32,
    /// Refunds confirmed this month (of this month's payments or earlier ones).
    pub refunds: u32,
    pub gross: String,
    /// Paid back this month, as a positive amount.
    pub refunded: String,
    /// The platform's fee, net of refunds.
    pub platform_fee: String,
    /// Your share, net of refunds: what is paid out for the month (below zero when refunds of a month already paid
    /// out exceed the new payments).
    pub net: String,
}

/// One session's sums for the month.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct EarningsSession {
    pub session_id: Uuid,
    pub series_title: String,
    pub scheduled_start_datetime: DateTime<Utc>,
    pub currency_code: String,
    pub payments: u32,
    pub gross: String,
    pub platform_fee: String,
    pub net: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Earnings {
    /// `YYYY-MM`.
    pub month: String,
    /// One per currency, by currency code.
    pub totals: Vec<EarningsTotal>,
    /// Sessions with ledger rows this month, by scheduled start.
    pub sessions: Vec<EarningsSession>,
}

/// `?month=` as sent, or this UTC month.
pub fn month_of_query(month: Option<&str>, now: DateTime<Utc>) -> Result<Month, ApiError> {
    match month {
        None => Ok(Month::of(now)),
        Some(text) => Month::parse(text).map_err(|_| {
            ApiError::invalid_argument(ErrorCode::MonthInvalid, "month must be a month such as 2026-11 (YYYY-MM)")
        }),
    }
}

async fn entries_of_month(
    conn: &impl ConnectionTrait,
    month: Month,
    gm: Option<Uuid>,
) -> Result<Vec<ledger_entry::Model>, DbErr> {
    // A test order's rows (the built-in provider, no money moved) are never earnings nor paid out (issue 31).
    let mut query = ledger_entry::Entity::find()
        .filter(ledger_entry::Column::Month.eq(month.to_string()))
        .filter(ledger_entry::Column::IsTest.eq(false));
    if let Some(gm) = gm {
        query = query.filter(ledger_entry::Column::GmId.eq(gm));
    }
    query.order_by_asc(ledger_entry::Column::CreatedAt).order_by_asc(ledger_entry::Column::Id).all(conn).await
}

/// A GM's earnings of one month, from the ledger alone.
pub async fn earnings(conn: &impl ConnectionTrait, gm: Uuid, month: Month) -> Result<Earnings, DbErr> {
    let entries = entries_of_month(conn, month, Some(gm)).await?;
    let mut by_currency: BTreeMap<String, Totals> = BTreeMap::new();
    let mut by_session: BTreeMap<(Uuid, String), Totals> = BTreeMap::new();
    for entry in &entries {
        by_currency.entry(entry.currency_code.clone()).or_default().add(&entry.kind, entry.amount_minor);
        by_session
            .entry((entry.session_id, entry.currency_code.clone()))
            .or_default()
            .add(&entry.kind, entry.amount_minor);
    }
    let ids: Vec<Uuid> = by_session.keys().map(|(id, _)| *id).collect();
    let labels = sessions::labels(conn, &ids).await?;
    let totals = by_currency
        .into_iter()
        .map(|(currency_code, totals)| EarningsTotal {
            currency_code,
            payments: totals.payments,
            refunds: totals.refunds,
            gross: format_minor(totals.gross_minor),
            refunded: format_minor(totals.refunded_minor),
            platform_fee: format_minor(totals.platform_fee_minor),
            net: format_minor(totals.net_minor),
        })
        .collect();
    let mut sessions: Vec<EarningsSession> = by_session
        .into_iter()
        .map(|((session_id, currency_code), totals)| {
            let (series_title, start) = labels.get(&session_id).cloned().unwrap_or_default();
            EarningsSession {
                session_id,
                series_title,
                scheduled_start_datetime: start,
                currency_code,
                payments: totals.payments,
                gross: format_minor(totals.gross_minor),
                platform_fee: format_minor(totals.platform_fee_minor),
                net: format_minor(totals.net_minor),
            }
        })
        .collect();
    sessions.sort_by(|a, b| {
        (a.scheduled_start_datetime, a.session_id, &a.currency_code).cmp(&(
            b.scheduled_start_datetime,
            b.session_id,
            &b.currency_code,
        ))
    });
    Ok(Earnings { month: month.to_string(), totals, sessions })
}

/// What you earned as a GM in a month: payments, refunds, the platform's fee and your share, per currency and per
/// session, summed from the ledger.
#[utoipa::path(
    get, path = "/gm/earnings", operation_id = "listMyEarnings", tag = TAG,
    params(EarningsQuery),
    responses(
        (status = 200, description = "The month's earnings", body = Earnings),
        (status = 400, description = "`month` is not `YYYY-MM` (`month_invalid`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, query), fields(account = %user.id()))]
pub async fn list_my_earnings(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<EarningsQuery>,
) -> Result<Json<Earnings>, ApiError> {
    let month = month_of_query(query.month.as_deref(), state.clock.now())?;
    Ok(Json(earnings(state.db.conn(), user.id().as_uuid(), month).await?))
}

/// The payouts CSV of a month (`questline admin payouts`): the header, then one row per GM and currency, ordered by
/// the GM's name (an erased GM is `(deleted account)`), then id and currency. An empty month is the header alone.
pub async fn payouts_csv(conn: &impl ConnectionTrait, month: Month) -> Result<String, DbErr> {
    let entries = entries_of_month(conn, month, None).await?;
    let mut by_gm: BTreeMap<(Uuid, String), Totals> = BTreeMap::new();
    for entry in &entries {
        by_gm.entry((entry.gm_id, entry.currency_code.clone())).or_default().add(&entry.kind, entry.amount_minor);
    }
    let ids: Vec<Uuid> = by_gm.keys().map(|(id, _)| *id).collect();
    let identities = accounts::payee_identities(conn, &ids).await?;
    let mut rows: Vec<PayoutRow> = by_gm
        .into_iter()
        .map(|((gm, currency), totals)| {
            let identity = identities.get(&gm).cloned().flatten();
            PayoutRow {
                month,
                gm_account_id: gm.to_string(),
                gm_display_name: identity.as_ref().map(|(name, _)| name.clone()),
                gm_email: identity.map(|(_, email)| email),
                currency,
                totals,
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        let name = |row: &PayoutRow| {
            row.gm_display_name.clone().unwrap_or_else(|| questline_domain::commerce::refunds::DELETED_ACCOUNT.into())
        };
        (name(a).to_lowercase(), &a.gm_account_id, &a.currency).cmp(&(
            name(b).to_lowercase(),
            &b.gm_account_id,
            &b.currency,
        ))
    });
    let mut csv = String::from(PAYOUTS_HEADER);
    csv.push('\n');
    for row in rows {
        csv.push_str(&row.to_csv());
        csv.push('\n');
    }
    Ok(csv)
}
