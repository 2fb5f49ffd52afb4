//! Step 4, **Record**, in one write: the order with its invoice fields and display number, the cart completed, the
//! payment session captured, the three ledger rows, `recorded`, the seat paid (`sessions::payment_completed`) and
//! the buyer's other live attempts for that seat released. A seat no longer payable by then voids the sale.

use super::*;

/// What recording wrote.
enum Recorded {
    Order(String),
    Voided,
}

/// Step 4: everything the sale means, in one write.
pub(super) async fn record(
    state: &AppState,
    claimed: Claimed,
    provider: Arc<dyn PaymentProvider>,
) -> Result<Outcome, ApiError> {
    let bps = state.config.platform_fee_bps().unwrap_or_default();
    let for_write = claimed.clone();
    let provider_id = provider.id();
    let recorded = state
        .write_retrying(move |w| {
            let claimed = for_write.clone();
            Box::pin(async move { record_in(&w, &claimed, provider_id, bps).await })
        })
        .await?;
    match recorded {
        Recorded::Order(id) => Ok(Outcome::Order(id)),
        Recorded::Voided => {
            // The seat went while the money moved: give it back. The key makes a retry the same refund; a failure
            // is the operator's (logged), the order was never recorded.
            let transaction = claimed.provider_ref.clone().unwrap_or_default();
            let key = format!("void:{}", claimed.cart_id);
            let attempt = &claimed.attempt;
            if let Err(error) = provider.refund(&transaction, attempt.amount_minor, &attempt.currency_code, &key).await
            {
                tracing::error!(cart = %claimed.cart_id, %error, "returning the money of a voided completion failed");
            }
            Err(seat_not_payable())
        }
    }
}

async fn record_in(w: &Write<'_>, claimed: &Claimed, provider_id: &str, bps: FeeBps) -> Result<Recorded, ApiError> {
    let Some(completion) = cart_completion::Entity::find_by_id(claimed.cart_id.clone()).one(w.txn).await? else {
        return Err(ApiError::internal(anyhow::anyhow!("completion of {} vanished", claimed.cart_id)));
    };
    match state_of(&completion) {
        CompletionState::Recorded => return Ok(Recorded::Order(completion.order_id)),
        CompletionState::Voided => return Ok(Recorded::Voided),
        CompletionState::Captured => {}
        other => return Err(ApiError::internal(anyhow::anyhow!("recording a {other} completion"))),
    }
    let transaction_id = completion.provider_ref.clone().unwrap_or_default();
    let cart = lock_cart(w, &claimed.cart_id)
        .await?
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("cart {} vanished", claimed.cart_id)))?;
    let buyer = cart.account_id.unwrap_or_default();
    let item = the_item(w.txn, &cart.id).await?.ok_or_else(|| ApiError::internal(anyhow::anyhow!("no item")))?;
    let refs = PaymentRefs {
        cart_id: cart.id.clone(),
        order_id: OrderId::from(completion.order_id.clone()),
        transaction_id: transaction_id.clone(),
    };
    // The seat is checked again where it counts: it may have gone (the player left, the session was cancelled)
    // while the money moved.
    let seat = sessions::payable_seat(w.txn, AccountId(buyer), PaymentId(item.payment_id)).await;
    let completed = match &seat {
        Ok(_) => sessions::payment_completed(w, PaymentId(item.payment_id), refs).await?,
        Err(error) if error.status.is_client_error() => false,
        Err(_) => return seat.map(|_| Recorded::Voided),
    };
    if !completed {
        advance_state(w, &cart.id, CompletionState::Captured, CompletionState::Voided, None).await?;
        set_session_status(w, &cart.id, "canceled").await?;
        return Ok(Recorded::Voided);
    }
    let seat = seat.map_err(|_| ApiError::internal(anyhow::anyhow!("seat checked above")))?;
    let live = live_session(w.txn, &cart.id).await?;
    let sale = Sale {
        cart: &cart,
        item: &item,
        seat,
        order_id: &completion.order_id,
        transaction_id: &transaction_id,
        provider_id,
        payment_session_id: live.as_ref().map(|session| session.id.as_str()),
    };
    if !advance_state(w, &cart.id, CompletionState::Captured, CompletionState::Recorded, None).await? {
        // Another holder recorded it between our read and now: impossible under the row lock, but never two orders.
        return Err(in_progress());
    }
    let row = write_order(w, sale, bps).await?;
    Ok(Recorded::Order(row.id))
}

/// What a paid cart records, once the payment is completed.
pub(super) struct Sale<'a> {
    pub(super) cart: &'a cart::Model,
    pub(super) item: &'a line_item::Model,
    pub(super) seat: PayableSeat,
    pub(super) order_id: &'a str,
    pub(super) transaction_id: &'a str,
    pub(super) provider_id: &'a str,
    /// The cart's live payment session, if any: it becomes `captured`.
    pub(super) payment_session_id: Option<&'a str>,
}

/// The seat is paid: every other cart holding it (the same buyer paying in another tab, a cart abandoned with a
/// card held) has its live attempts released at once by `commerce.release_attempt` (their payment sessions
/// cancelled, a held card authorisation cancelled at the provider), instead of the hold lapsing at Stripe after
/// about seven days (issue 31). A completion of such a cart still under way finds the seat paid and voids.
async fn release_other_attempts(w: &Write<'_>, payment_id: uuid::Uuid, paid_cart: &str) -> Result<(), DbErr> {
    let others = line_item::Entity::find()
        .filter(line_item::Column::PaymentId.eq(payment_id))
        .filter(line_item::Column::CartId.ne(paid_cart))
        .all(w.txn)
        .await?;
    let mut carts: Vec<String> = others.into_iter().map(|item| item.cart_id).collect();
    carts.sort_unstable();
    carts.dedup();
    for cart_id in carts {
        w.schedule(crate::jobs::kinds::release_attempt(&cart_id)).await?;
    }
    Ok(())
}

/// The order with its invoice fields and display number, its three ledger rows, the cart completed, the payment
/// session captured and the collection completed; the caller has completed the payment and moved the completion
/// to `recorded` in the same write.
pub(super) async fn write_order(w: &Write<'_>, sale: Sale<'_>, bps: FeeBps) -> Result<order::Model, ApiError> {
    let Sale { cart, item, seat, order_id, transaction_id, provider_id, payment_session_id } = sale;
    let buyer = cart.account_id.unwrap_or_default();
    cart::Entity::update_many()
        .col_expr(cart::Column::CompletedAt, Expr::value(w.now))
        .col_expr(cart::Column::UpdatedAt, Expr::value(w.now))
        .filter(cart::Column::Id.eq(cart.id.clone()))
        .exec(w.txn)
        .await?;
    if let Some(id) = payment_session_id {
        set_status_of(w, id, "captured").await?;
    }
    release_other_attempts(w, item.payment_id, &cart.id).await?;
    payment_collection::Entity::update_many()
        .col_expr(payment_collection::Column::Status, Expr::value("completed"))
        .col_expr(payment_collection::Column::UpdatedAt, Expr::value(w.now))
        .filter(payment_collection::Column::CartId.eq(cart.id.clone()))
        .exec(w.txn)
        .await?;
    let total = item.unit_price_minor * i64::from(item.quantity);
    let money = split(total, bps);
    let seller_name =
        crate::accounts::display_names(w.txn, &[seat.gm_id]).await?.remove(&seat.gm_id).unwrap_or_default();
    let mut metadata = item.metadata.clone();
    if let Some(object) = metadata.as_object_mut() {
        object.insert("session_id".into(), item.session_id.to_string().into());
        object.insert("payment_id".into(), item.payment_id.to_string().into());
    }
    let items = vec![StoredItem {
        id: item.id.clone(),
        variant_id: item.variant_id.clone(),
        title: item.title.clone(),
        quantity: i64::from(item.quantity),
        unit_price_minor: item.unit_price_minor,
        metadata,
    }];
    // Every recording waits for the one before on the counter's row until it commits: the number is taken last,
    // right before the rows that carry it.
    let display_id = next_display_id(w).await?;
    let row = order::Model {
        id: order_id.to_owned(),
        display_id,
        cart_id: cart.id.clone(),
        account_id: buyer,
        email: cart.email.clone().unwrap_or_default(),
        billing_first_name: cart.billing_first_name.clone(),
        billing_last_name: cart.billing_last_name.clone(),
        billing_address_1: cart.billing_address_1.clone(),
        billing_address_2: cart.billing_address_2.clone(),
        billing_city: cart.billing_city.clone(),
        billing_postal_code: cart.billing_postal_code.clone(),
        billing_country_code: cart.billing_country_code.clone(),
        billing_phone: cart.billing_phone.clone(),
        gm_id: seat.gm_id,
        seller_name,
        session_id: item.session_id,
        series_id: seat.series_id,
        payment_id: item.payment_id,
        region_id: cart.region_id,
        currency_code: cart.currency_code.clone(),
        subtotal_minor: total,
        tax_total_minor: 0,
        total_minor: total,
        fee_bps: i32::try_from(bps.get()).unwrap_or(0),
        platform_fee_minor: money.fee,
        gm_share_minor: money.gm_share,
        provider_id: provider_id.to_owned(),
        transaction_id: transaction_id.to_owned(),
        payment_status: "captured".to_owned(),
        items: serde_json::to_value(&items).map_err(anyhow::Error::from)?,
        seller_tax_id: None,
        buyer_tax_id: None,
        created_at: w.now,
        updated_at: w.now,
    };
    order::Entity::insert(order::ActiveModel::from(row.clone())).exec_without_returning(w.txn).await?;
    ledger::record_order(w.txn, &row, buyer, w.now).await?;
    Ok(row)
}

/// The next order number: the counter row is incremented in the recording transaction, so numbers are dense,
/// never reused, and two recordings wait for each other on it.
async fn next_display_id(w: &Write<'_>) -> Result<i64, DbErr> {
    let mut rows = order_counter::Entity::update_many()
        .col_expr(order_counter::Column::Value, Expr::col(order_counter::Column::Value).add(1))
        .filter(order_counter::Column::Name.eq("orders"))
        .exec_with_returning(w.txn)
        .await?;
    rows.pop().map(|row| row.value).ok_or_else(|| DbErr::RecordNotFound("order_counters.orders".into()))
}
