//! The store API (issue 16, decisions.md "Commerce" §3–§5): the publishable key on every store route, carts of
//! visitors (reached only by their cookie) and of accounts, the checkout address with the spec's messages, the seat
//! of a paid session as the one line item (and every way it is refused), the digital shipping option, the region's
//! payment providers, one payment collection per cart and a payment session that replaces the previous one, and a
//! visitor's cart transferred on sign-in.

use questline_domain::ids::PaymentId;
use sea_orm::ConnectionTrait;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::json::{body, id};
use crate::helpers::sessions::{activate, create_ok, gm_act_ok, play_ok, series_with_players};
use crate::helpers::store::KEY;
use crate::helpers::{Browser, TestApp, field_codes, field_messages};

/// A store request as Medusa's SDK sends it from the web app: the publishable key and the CSRF header.
pub(crate) async fn store(
    browser: &Browser,
    method: reqwest::Method,
    path: &str,
    payload: Option<&Value>,
) -> reqwest::Response {
    let mut request = browser
        .client
        .request(method, browser.url(path))
        .header("x-publishable-api-key", KEY)
        .header("X-Questline-Csrf", "1");
    if let Some(payload) = payload {
        request = request.json(payload);
    }
    request.send().await.expect("request sent")
}

pub(crate) async fn store_get(browser: &Browser, path: &str) -> reqwest::Response {
    store(browser, reqwest::Method::GET, path, None).await
}

pub(crate) async fn store_post(browser: &Browser, path: &str, payload: &Value) -> reqwest::Response {
    store(browser, reqwest::Method::POST, path, Some(payload)).await
}

/// The answer's JSON after checking its status.
pub(crate) async fn ok(response: reqwest::Response, status: u16) -> Value {
    let actual = response.status().as_u16();
    let text = response.text().await.unwrap();
    assert_eq!(actual, status, "{text}");
    serde_json::from_str(&text).unwrap()
}

/// Status, error type and code of an error answer, checking the Medusa fields beside our envelope.
pub(crate) async fn refused(response: reqwest::Response) -> (u16, String, String, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let json: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{status}: {text}"));
    assert_eq!(json["type"], json["error"]["type"], "Medusa's top-level type: {json}");
    assert_eq!(json["message"], json["error"]["message"], "Medusa's top-level message: {json}");
    let kind = json["error"]["type"].as_str().unwrap().to_owned();
    let code = json["error"]["code"].as_str().unwrap().to_owned();
    (status, kind, code, json["error"].clone())
}

pub(crate) async fn regions(browser: &Browser) -> Vec<Value> {
    ok(store_get(browser, "/api/store/regions").await, 200).await["regions"].as_array().unwrap().clone()
}

/// The region of `currency`.
pub(crate) async fn region_of(browser: &Browser, currency: &str) -> Value {
    regions(browser).await.into_iter().find(|region| region["currency_code"] == currency).expect("seeded region")
}

pub(crate) async fn new_cart(browser: &Browser, payload: Value) -> Value {
    ok(store_post(browser, "/api/store/carts", &payload).await, 200).await["cart"].clone()
}

pub(crate) fn full_address() -> Value {
    json!({"first_name": "Pia", "last_name": "Nowak", "address_1": "ul. Długa 1", "address_2": "m. 4",
        "city": "Kraków", "postal_code": "30-001", "country_code": "pl", "phone": "+48 600 100 200"})
}

/// A player's seat in a paid session waiting for their payment, at 25.00 in `currency`.
pub(crate) struct Seat {
    pub gm: Browser,
    pub player: Browser,
    pub player_id: String,
    pub player_email: String,
    pub session: Value,
    pub variant_id: String,
    pub payment_id: String,
}

pub(crate) async fn seat(app: &TestApp, currency: &str) -> Seat {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (player, player_id, player_email) = app.signed_up("Pia").await;
    let series = series_with_players(
        &gm,
        "Storm King's Thunder",
        json!({"min_players": 1, "max_players": 2,
        "min_player_age": 1}),
        &[&player],
        &[],
    )
    .await;
    activate(&gm, &series, json!({"model": "paid", "amount": "25.00", "currency_code": currency})).await;
    let session = create_ok(&gm, &series, &[&player_id]).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&player, &session, "confirm", Value::Null).await;
    app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T11:50:00Z").unwrap().into());
    gm_act_ok(&gm, &session, "start-preparation").await;
    let view = play_ok(&player, &session, "ready", Value::Null).await;
    assert_eq!(view["status"], "waiting_for_payment");
    let payment = view["payment"].clone();
    let payment_id = payment["id"].as_str().unwrap().to_owned();
    assert_eq!(payment["variant_id"], format!("variant_{}", Uuid::parse_str(&payment_id).unwrap().simple()));
    Seat {
        gm,
        player,
        player_id,
        player_email,
        session,
        variant_id: payment["variant_id"].as_str().unwrap().to_owned(),
        payment_id,
    }
}

async fn player_view(seat: &Seat) -> Value {
    body(seat.player.get(&format!("/api/my-sessions/{}", id(&seat.session))).await).await
}

/// Sets a column of a table's rows where `key` = `value`, for states the API reaches only through later steps.
async fn set_column(app: &TestApp, table: &str, key: &str, value: sea_orm::Value, column: &str, to: sea_orm::Value) {
    let statement = Query::update()
        .table(Alias::new(table))
        .value(Alias::new(column), to)
        .and_where(Expr::col(Alias::new(key)).eq(value))
        .to_owned();
    let backend = app.state.db.conn().get_database_backend();
    app.state.db.conn().execute_raw(backend.build(&statement)).await.unwrap();
}

db_test!(async fn every_store_route_needs_the_publishable_key(app) {
    let browser = app.browser();
    let (status, kind, code, _) = refused(browser.get("/api/store/regions").await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (400, "invalid_argument", "publishable_key_required"));
    let wrong = browser.client.get(browser.url("/api/store/regions")).header("x-publishable-api-key", "pk_other")
        .send().await.unwrap();
    let (status, _, code, _) = refused(wrong).await;
    assert_eq!((status, code.as_str()), (400, "publishable_key_invalid"));
    let response = browser.client.post(browser.url("/api/store/carts")).header("X-Questline-Csrf", "1")
        .json(&json!({})).send().await.unwrap();
    assert_eq!(refused(response).await.2, "publishable_key_required", "nothing is created without it");
    let unknown = browser.client.get(browser.url("/api/store/carts/cart_00000000000000000000000000")).send().await.unwrap();
    assert_eq!(refused(unknown).await.2, "publishable_key_required", "checked before the cart is looked up");
    assert_eq!(regions(&browser).await.len(), 2);
    // Routes outside the store need no key.
    assert_eq!(browser.get("/api/config").await.status(), 200);

    let config = body(browser.get("/api/config").await).await;
    assert_eq!(config["commerce"], json!({"publishable_key": KEY, "sales_channel_id": "sc_questline",
        "shipping_profile_id": "sp_digital_seat"}));
    assert_eq!(config["payment"], json!({"stripe_publishable_key": null}));
});

db_test!(configure = |config| { config.publishable_key = "pk_live_elsewhere".into(); },
async fn the_key_is_the_configured_one(app) {
    let browser = app.browser();
    assert_eq!(refused(store_get(&browser, "/api/store/regions").await).await.2, "publishable_key_invalid");
    let response = browser.client.get(browser.url("/api/store/regions"))
        .header("x-publishable-api-key", "pk_live_elsewhere").send().await.unwrap();
    assert_eq!(response.status(), 200);
    let config = body(browser.get("/api/config").await).await;
    assert_eq!(config["commerce"]["publishable_key"], "pk_live_elsewhere");
});

db_test!(async fn a_visitors_cart_is_reached_only_through_its_cookie(app) {
    let visitor = app.browser();
    let response = store_post(&visitor, "/api/store/carts", &json!({})).await;
    let cookie = response.headers().get_all("set-cookie").iter()
        .map(|value| value.to_str().unwrap().to_owned()).find(|value| value.starts_with("ql_visitor=")).expect("cookie");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("Max-Age=2592000"), "30 days: {cookie}");
    let cart = ok(response, 200).await["cart"].clone();
    let poland = region_of(&visitor, "pln").await;
    let cart_id = cart["id"].as_str().unwrap().to_owned();
    assert!(cart_id.starts_with("cart_") && cart_id.len() == "cart_".len() + 26, "{cart_id}");
    assert_eq!(cart["region_id"], poland["id"], "the first region by default");
    assert_eq!(cart["region"]["currency_code"], "pln");
    assert_eq!(cart["currency_code"], "pln");
    assert_eq!(cart["sales_channel_id"], "sc_questline");
    assert_eq!((cart["customer_id"].clone(), cart["email"].clone()), (Value::Null, Value::Null));
    assert_eq!(cart["items"], json!([]));
    assert_eq!((cart["total"].as_f64(), cart["payment_collection"].clone()), (Some(0.0), Value::Null));
    assert_eq!(cart["billing_address"], Value::Null);

    let path = format!("/api/store/carts/{cart_id}");
    assert_eq!(ok(store_get(&visitor, &format!("{path}?fields=*items")).await, 200).await["cart"]["id"], cart_id.as_str());
    // Another browser, signed out or signed in, does not learn that the cart exists.
    for stranger in [app.browser(), app.signed_up("Mallory").await.0] {
        let (status, kind, code, _) = refused(store_get(&stranger, &path).await).await;
        assert_eq!((status, kind.as_str(), code.as_str()), (404, "not_found", "cart_not_found"));
        let (status, _, code, _) = refused(store_post(&stranger, &path, &json!({"email": "x@example.test"})).await).await;
        assert_eq!((status, code.as_str()), (404, "cart_not_found"));
    }
    for unknown in ["cart_00000000000000000000000000", "nope", "cart_"] {
        assert_eq!(refused(store_get(&visitor, &format!("/api/store/carts/{unknown}")).await).await.2, "cart_not_found");
    }
    // A second cart of the same browser keeps the cookie (sent again for another 30 days): both stay reachable.
    let response = store_post(&visitor, "/api/store/carts", &json!({})).await;
    let again = response.headers().get_all("set-cookie").iter()
        .map(|value| value.to_str().unwrap().to_owned()).find(|value| value.starts_with("ql_visitor=")).expect("cookie");
    assert_eq!(again.split(';').next(), cookie.split(';').next(), "the same token");
    let second = ok(response, 200).await["cart"].clone();
    assert_ne!(second["id"], cart["id"]);
    assert_eq!(store_get(&visitor, &path).await.status(), 200);

    // The visitor may fill in the checkout address; a transfer needs an account.
    let updated = ok(store_post(&visitor, &path, &json!({"email": "Pia@Example.test", "billing_address": full_address()})).await, 200).await;
    assert_eq!(updated["cart"]["email"], "pia@example.test");
    assert_eq!(updated["cart"]["billing_address"], full_address());
    let (status, kind, _, _) = refused(store_post(&visitor, &format!("{path}/customer"), &json!({})).await).await;
    assert_eq!((status, kind.as_str()), (401, "unauthorized"));
});

db_test!(async fn the_checkout_address_gets_the_specs_messages(app) {
    let (shopper, _, _) = app.signed_up("Pia").await;
    let cart = new_cart(&shopper, json!({})).await;
    let path = format!("/api/store/carts/{}", id(&cart));
    let empty = json!({"email": " ", "billing_address": {"first_name": "", "address_2": "", "country_code": ""}});
    let (status, kind, code, error) = refused(store_post(&shopper, &path, &empty).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (422, "invalid_data", "validation_failed"));
    for (field, message) in [
        ("email", "Email is required"),
        ("billing_address.first_name", "First name is required"),
        ("billing_address.last_name", "Last name is required"),
        ("billing_address.phone", "Phone number is required"),
        ("billing_address.address_1", "Address is required"),
        ("billing_address.city", "City is required"),
        ("billing_address.postal_code", "Postal code is required"),
        ("billing_address.country_code", "Country is required"),
    ] {
        assert_eq!(field_messages(&error, field), json!([message]), "{field}");
    }
    assert_eq!(error["fields"].get("billing_address.address_2"), None, "the second line is optional");
    let unchanged = ok(store_get(&shopper, &path).await, 200).await["cart"].clone();
    assert_eq!(unchanged["billing_address"], Value::Null, "nothing written");

    // Poland by default; Belgium too; nowhere else.
    let mut address = full_address();
    address.as_object_mut().unwrap().remove("country_code");
    let saved = ok(store_post(&shopper, &path, &json!({"billing_address": address})).await, 200).await;
    assert_eq!(saved["cart"]["billing_address"]["country_code"], "pl");
    address["country_code"] = json!("BE");
    let saved = ok(store_post(&shopper, &path, &json!({"billing_address": address})).await, 200).await;
    assert_eq!(saved["cart"]["billing_address"]["country_code"], "be");
    address["country_code"] = json!("de");
    address["phone"] = json!("12");
    let (_, _, _, error) = refused(store_post(&shopper, &path, &json!({"billing_address": address})).await).await;
    assert_eq!(field_codes(&error, "billing_address.country_code"), json!(["country_invalid"]));
    assert_eq!(field_codes(&error, "billing_address.phone"), json!(["phone_invalid"]));
    let (_, _, _, error) = refused(store_post(&shopper, &path, &json!({"email": "pia@"})).await).await;
    assert_eq!(field_codes(&error, "email"), json!(["email_invalid"]));
    let (_, _, _, error) = refused(store_post(&shopper, &path, &json!({"sales_channel_id": "sc_other"})).await).await;
    assert_eq!(field_codes(&error, "sales_channel_id"), json!(["invalid"]));

    // A completed cart is never changed.
    set_column(&app, "carts", "id", id(&cart).into(), "completed_at", chrono::Utc::now().into()).await;
    let (status, kind, code, _) = refused(store_post(&shopper, &path, &json!({"email": "pia@example.test"})).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "conflict", "cart_completed"));
    assert_eq!(store_get(&shopper, &path).await.status(), 200, "still readable");
});

db_test!(async fn a_signed_in_shoppers_cart_is_their_accounts(app) {
    let (shopper, shopper_id, email) = app.signed_up("Pia").await;
    let europe = region_of(&shopper, "eur").await;
    let cart = new_cart(&shopper, json!({"region_id": europe["id"], "currency_code": "EUR"})).await;
    assert_eq!(cart["customer_id"], shopper_id.as_str());
    assert_eq!(cart["email"], email.as_str(), "receipts go to the account's address by default");
    assert_eq!((cart["currency_code"].as_str(), cart["region"]["name"].as_str()), (Some("eur"), Some("Europe")));
    let (other, _, _) = app.signed_up("Bo").await;
    assert_eq!(refused(store_get(&other, &format!("/api/store/carts/{}", id(&cart))).await).await.2, "cart_not_found");
    // Signed out, the same browser no longer reaches its account's cart.
    shopper.sign_out().await;
    assert_eq!(refused(store_get(&shopper, &format!("/api/store/carts/{}", id(&cart))).await).await.2, "cart_not_found");

    let (status, _, code, _) = refused(store_post(&other, "/api/store/carts", &json!({"region_id": europe["id"],
        "currency_code": "pln"})).await).await;
    assert_eq!((status, code.as_str()), (422, "currency_mismatch"));
    let (status, _, code, _) =
        refused(store_post(&other, "/api/store/carts", &json!({"region_id": Uuid::now_v7()})).await).await;
    assert_eq!((status, code.as_str()), (404, "region_not_found"));
    let (status, kind, _, _) = refused(store_post(&other, "/api/store/carts", &json!({"region_id": "Poland"})).await).await;
    assert_eq!((status, kind.as_str()), (400, "invalid_argument"));
});

db_test!(async fn the_seat_of_a_session_waiting_for_payment_is_the_line_item(app) {
    let seat = seat(&app, "pln").await;
    let cart = new_cart(&seat.player, json!({})).await;
    let lines = format!("/api/store/carts/{}/line-items", id(&cart));
    let added = ok(store_post(&seat.player, &lines, &json!({"variant_id": seat.variant_id, "quantity": 1,
        "metadata": {"note": "mine", "payment_id": "forged"}})).await, 200).await["cart"].clone();
    let items = added["items"].as_array().unwrap();
    assert_eq!(items.len(), 1);
    let item = &items[0];
    assert!(item["id"].as_str().unwrap().starts_with("cali_"));
    assert_eq!(item["variant_id"], seat.variant_id.as_str());
    assert_eq!((item["unit_price"].as_f64(), item["total"].as_f64(), item["quantity"].as_i64()), (Some(25.0), Some(25.0), Some(1)));
    assert!(item["title"].as_str().unwrap().starts_with("Storm King's Thunder — 2026-11-22 "), "{}", item["title"]);
    assert_eq!(item["requires_shipping"], false);
    // Ours on top of the shopper's: the seat, and the series and start the receipt formats for its reader.
    let starts_at = item["metadata"]["starts_at"].as_str().unwrap();
    let instant = |text: &str| chrono::DateTime::parse_from_rfc3339(text).unwrap();
    assert_eq!(instant(starts_at), instant(crate::helpers::sessions::START), "the session's start");
    assert_eq!(item["metadata"], json!({"note": "mine", "payment_id": seat.payment_id, "session_id": id(&seat.session),
        "series_title": "Storm King's Thunder", "starts_at": starts_at}));
    assert_eq!((added["item_total"].as_f64(), added["total"].as_f64(), added["tax_total"].as_f64()), (Some(25.0), Some(25.0), Some(0.0)));

    // Adding it again changes nothing; a quantity other than one is refused.
    let again = ok(store_post(&seat.player, &lines, &json!({"variant_id": seat.variant_id})).await, 200).await;
    assert_eq!(again["cart"]["items"][0]["id"], item["id"]);
    let (status, _, _, error) = refused(store_post(&seat.player, &lines, &json!({"variant_id": seat.variant_id, "quantity": 2})).await).await;
    assert_eq!((status, field_codes(&error, "quantity")), (422, json!(["invalid"])));

    // Nobody else may put this seat in their cart, and unknown variants are not found.
    let gm_cart = new_cart(&seat.gm, json!({})).await;
    let gm_lines = format!("/api/store/carts/{}/line-items", id(&gm_cart));
    let (status, _, code, _) = refused(store_post(&seat.gm, &gm_lines, &json!({"variant_id": seat.variant_id})).await).await;
    assert_eq!((status, code.as_str()), (404, "variant_not_found"));
    for variant in [format!("variant_{}", Uuid::now_v7().simple()), "variant_nope".into(), "prod_1".into()] {
        assert_eq!(refused(store_post(&seat.player, &lines, &json!({"variant_id": variant})).await).await.2, "variant_not_found");
    }
    // Someone else's cart is not found, even with your own seat.
    assert_eq!(refused(store_post(&seat.player, &gm_lines, &json!({"variant_id": seat.variant_id})).await).await.2, "cart_not_found");

    // A seat priced in złoty does not go into a euro cart: the store never converts.
    let europe = region_of(&seat.player, "eur").await;
    let euro_cart = new_cart(&seat.player, json!({"region_id": europe["id"]})).await;
    let euro_lines = format!("/api/store/carts/{}/line-items", id(&euro_cart));
    let (status, kind, code, _) = refused(store_post(&seat.player, &euro_lines, &json!({"variant_id": seat.variant_id})).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (422, "invalid_data", "currency_mismatch"));
    let euro_cart = ok(store_get(&seat.player, &format!("/api/store/carts/{}", id(&euro_cart))).await, 200).await;
    assert_eq!(euro_cart["cart"]["items"], json!([]), "nothing written");

    // Seats are sold to accounts: a visitor's cart takes none.
    let visitor = app.browser();
    let visitor_cart = new_cart(&visitor, json!({})).await;
    let (status, _, _, _) = refused(store_post(&visitor, &format!("/api/store/carts/{}/line-items", id(&visitor_cart)),
        &json!({"variant_id": seat.variant_id})).await).await;
    assert_eq!(status, 401);

    // A region of another currency empties the cart (the seat was priced in the old one).
    let moved = ok(store_post(&seat.player, &format!("/api/store/carts/{}", id(&cart)), &json!({"region_id": europe["id"]})).await, 200).await;
    assert_eq!((moved["cart"]["currency_code"].as_str(), moved["cart"]["items"].clone()), (Some("eur"), json!([])));

    // Back in planning, the session takes no payment until it is prepared again.
    gm_act_ok(&seat.gm, &seat.session, "start-planning").await;
    let (status, _, code, _) = refused(store_post(&seat.player, &lines, &json!({"variant_id": seat.variant_id})).await).await;
    assert_eq!((status, code.as_str()), (409, "seat_not_payable"));
    gm_act_ok(&seat.gm, &seat.session, "fix-schedule").await;
    play_ok(&seat.player, &seat.session, "confirm", Value::Null).await;
    gm_act_ok(&seat.gm, &seat.session, "start-preparation").await;

    // A paid seat is no longer for sale.
    let back = ok(store_post(&seat.player, &format!("/api/store/carts/{}", id(&cart)),
        &json!({"region_id": region_of(&seat.player, "pln").await["id"]})).await, 200).await;
    assert_eq!(back["cart"]["currency_code"], "pln");
    // Prepared but waiting for players (nobody ready yet): not yet for sale (issue 31).
    let (status, _, code, _) = refused(store_post(&seat.player, &lines, &json!({"variant_id": seat.variant_id})).await).await;
    assert_eq!((status, code.as_str()), (409, "seat_not_payable"));
    play_ok(&seat.player, &seat.session, "ready", Value::Null).await;
    let readded = ok(store_post(&seat.player, &lines, &json!({"variant_id": seat.variant_id})).await, 200).await;
    assert_eq!(readded["cart"]["items"].as_array().unwrap().len(), 1, "prepared again, the seat sells again");
    set_column(&app, "session_payments", "id", Uuid::parse_str(&seat.payment_id).unwrap().into(), "status", "completed".into()).await;
    let (status, kind, code, _) = refused(store_post(&seat.player, &lines, &json!({"variant_id": seat.variant_id})).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "conflict", "seat_not_payable"));
    let _ = (&seat.player_id, &seat.player_email);
});

db_test!(async fn the_seat_ships_digitally(app) {
    let (shopper, _, _) = app.signed_up("Pia").await;
    let cart = new_cart(&shopper, json!({})).await;
    let options = ok(store_get(&shopper, &format!("/api/store/shipping-options?cart_id={}", id(&cart))).await, 200).await;
    assert_eq!(options, json!({"shipping_options": [{"id": "so_digital_seat", "name": "Digital seat", "amount": 0.0,
        "price_type": "flat", "shipping_profile_id": "sp_digital_seat"}]}));
    let stranger = app.browser();
    let missing = store_get(&stranger, &format!("/api/store/shipping-options?cart_id={}", id(&cart))).await;
    assert_eq!(refused(missing).await.2, "cart_not_found");
    assert_eq!(refused(store_get(&shopper, "/api/store/shipping-options").await).await.0, 400);

    let path = format!("/api/store/carts/{}/shipping-methods", id(&cart));
    let chosen = ok(store_post(&shopper, &path, &json!({"option_id": "so_digital_seat"})).await, 200).await;
    let chosen_again = ok(store_post(&shopper, &path, &json!({"option_id": "so_digital_seat", "data": {"a": "1"}})).await, 200).await;
    let methods = chosen_again["cart"]["shipping_methods"].as_array().unwrap();
    assert_eq!(methods.len(), 1, "one method: the new one replaces the old");
    assert_eq!((methods[0]["shipping_option_id"].as_str(), methods[0]["amount"].as_f64()), (Some("so_digital_seat"), Some(0.0)));
    assert_eq!(methods[0]["data"], json!({"a": "1"}));
    assert_ne!(methods[0]["id"], chosen["cart"]["shipping_methods"][0]["id"]);
    assert_eq!(chosen_again["cart"]["shipping_total"].as_f64(), Some(0.0));
    let (status, _, code, _) = refused(store_post(&shopper, &path, &json!({"option_id": "so_express"})).await).await;
    assert_eq!((status, code.as_str()), (422, "shipping_option_not_found"));
});

db_test!(async fn a_cart_pays_through_one_collection_and_one_live_session(app) {
    let seat = seat(&app, "pln").await;
    let poland = region_of(&seat.player, "pln").await;
    let providers = ok(store_get(&seat.player, &format!("/api/store/payment-providers?region_id={}", poland["id"].as_str().unwrap())).await, 200).await;
    assert_eq!(providers, json!({"payment_providers": [{"id": "pp_system_default", "is_enabled": true}], "count": 1,
        "offset": 0, "limit": 20}));
    let nowhere = ok(store_get(&seat.player, &format!("/api/store/payment-providers?region_id={}", Uuid::now_v7())).await, 200).await;
    assert_eq!(nowhere["count"], 0);
    assert_eq!(refused(store_get(&seat.player, "/api/store/payment-providers").await).await.0, 400);

    let cart = new_cart(&seat.player, json!({})).await;
    let (status, _, code, _) = refused(store_post(&seat.player, "/api/store/payment-collections", &json!({"cart_id": cart["id"]})).await).await;
    assert_eq!((status, code.as_str()), (422, "cart_empty"));
    ok(store_post(&seat.player, &format!("/api/store/carts/{}/line-items", id(&cart)), &json!({"variant_id": seat.variant_id})).await, 200).await;
    let created = ok(store_post(&seat.player, "/api/store/payment-collections", &json!({"cart_id": cart["id"]})).await, 200).await;
    let collection = created["payment_collection"].clone();
    assert!(collection["id"].as_str().unwrap().starts_with("pay_col_"));
    assert_eq!((collection["amount"].as_f64(), collection["currency_code"].as_str()), (Some(25.0), Some("pln")));
    assert_eq!((collection["status"].as_str(), collection["payment_sessions"].clone()), (Some("not_paid"), json!([])));
    let again = ok(store_post(&seat.player, "/api/store/payment-collections", &json!({"cart_id": cart["id"]})).await, 200).await;
    assert_eq!(again["payment_collection"]["id"], collection["id"], "one collection per cart");
    // Racing requests (a double click, two tabs) all get the one collection, never an error.
    let second_cart = new_cart(&seat.player, json!({})).await;
    ok(store_post(&seat.player, &format!("/api/store/carts/{}/line-items", id(&second_cart)), &json!({"variant_id": seat.variant_id})).await, 200).await;
    let racing = (0..8).map(|_| {
        let player = seat.player.clone();
        let cart_id = second_cart["id"].clone();
        tokio::spawn(async move {
            ok(store_post(&player, "/api/store/payment-collections", &json!({"cart_id": cart_id})).await, 200).await
        })
    });
    let mut ids: Vec<Value> = Vec::new();
    for answer in futures::future::join_all(racing).await {
        ids.push(answer.unwrap()["payment_collection"]["id"].clone());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "{ids:?}");
    let stranger = app.signed_up("Mallory").await.0;
    assert_eq!(refused(store_post(&stranger, "/api/store/payment-collections", &json!({"cart_id": cart["id"]})).await).await.2, "cart_not_found");

    let sessions = format!("/api/store/payment-collections/{}/payment-sessions", id(&collection));
    let first = ok(store_post(&seat.player, &sessions, &json!({"provider_id": "pp_system_default"})).await, 200).await;
    let live = first["payment_collection"]["payment_sessions"].as_array().unwrap().clone();
    assert_eq!(live.len(), 1);
    assert!(live[0]["id"].as_str().unwrap().starts_with("payses_"));
    assert_eq!((live[0]["provider_id"].as_str(), live[0]["status"].as_str()), (Some("pp_system_default"), Some("pending")));
    assert_eq!((live[0]["amount"].as_f64(), live[0]["data"].clone()), (Some(25.0), json!({})));
    let payment = player_view(&seat).await["payment"].clone();
    assert_eq!((payment["status"].as_str(), payment["cart_id"].as_str()), (Some("pending"), cart["id"].as_str()));
    let gm_view = crate::helpers::sessions::gm_view(&seat.gm, &seat.session).await;
    assert_eq!(gm_view["payments"][0]["status"], "pending", "the GM sees the payment started");

    let second = ok(store_post(&seat.player, &sessions, &json!({"provider_id": "pp_system_default", "data": {}, "context": {}})).await, 200).await;
    let replaced = second["payment_collection"]["payment_sessions"].as_array().unwrap();
    assert_eq!(replaced.len(), 1, "a new session replaces the live one");
    assert_ne!(replaced[0]["id"], live[0]["id"]);
    let cart_view = ok(store_get(&seat.player, &format!("/api/store/carts/{}", id(&cart))).await, 200).await;
    assert_eq!(cart_view["cart"]["payment_collection"]["payment_sessions"][0]["id"], replaced[0]["id"]);

    // The web app sets the region (and sales channel) again on every load: the same currency keeps the payment.
    let poland_again = ok(store_post(&seat.player, &format!("/api/store/carts/{}", id(&cart)),
        &json!({"region_id": poland["id"], "sales_channel_id": "sc_questline"})).await, 200).await;
    assert_eq!(poland_again["cart"]["payment_collection"]["payment_sessions"][0]["id"], replaced[0]["id"]);
    assert_eq!(poland_again["cart"]["items"].as_array().unwrap().len(), 1);

    let (status, _, code, _) = refused(store_post(&seat.player, &sessions, &json!({"provider_id": "pp_stripe_stripe"})).await).await;
    assert_eq!((status, code.as_str()), (422, "provider_not_available"));
    assert_eq!(refused(store_post(&stranger, &sessions, &json!({"provider_id": "pp_system_default"})).await).await.2, "payment_collection_not_found");
    let unknown = "/api/store/payment-collections/pay_col_00000000000000000000000000/payment-sessions";
    assert_eq!(refused(store_post(&seat.player, unknown, &json!({"provider_id": "pp_system_default"})).await).await.2, "payment_collection_not_found");

    // Another seat (here: the cart emptied by a region of another currency) resets the collection.
    let europe = region_of(&seat.player, "eur").await;
    let moved = ok(store_post(&seat.player, &format!("/api/store/carts/{}", id(&cart)), &json!({"region_id": europe["id"]})).await, 200).await;
    let reset = &moved["cart"]["payment_collection"];
    assert_eq!((reset["amount"].as_f64(), reset["currency_code"].as_str()), (Some(0.0), Some("eur")));
    assert_eq!(reset["payment_sessions"], json!([]));
    assert_eq!(refused(store_post(&seat.player, &sessions, &json!({"provider_id": "pp_system_default"})).await).await.2, "cart_empty");
});

db_test!(configure = |config| { config.publishable_key = KEY.into(); },
async fn a_visitors_cart_becomes_the_accounts_on_sign_in(app) {
    let seat = seat(&app, "pln").await;
    // The player shops signed out in a fresh browser, then signs in there.
    let browser = app.browser();
    let cart = new_cart(&browser, json!({"email": "shopper@example.test"})).await;
    assert_eq!(browser.sign_in(&seat.player_email, crate::helpers::PASSWORD).await.status(), 200);
    let path = format!("/api/store/carts/{}", id(&cart));
    assert_eq!(store_get(&browser, &path).await.status(), 200, "still reached by its cookie");
    let transferred = ok(store_post(&browser, &format!("{path}/customer"), &json!({})).await, 200).await;
    assert_eq!(transferred["cart"]["customer_id"], seat.player_id.as_str());
    assert_eq!(transferred["cart"]["email"], "shopper@example.test", "the address given is kept");
    let again = ok(store_post(&browser, &format!("{path}/customer"), &json!({})).await, 200).await;
    assert_eq!(again["cart"]["customer_id"], seat.player_id.as_str(), "already theirs: a no-op");
    // Now the account's: the player's other browser reaches it, a signed-out one with the cookie no longer does.
    assert_eq!(store_get(&seat.player, &path).await.status(), 200);
    browser.sign_out().await;
    assert_eq!(refused(store_get(&browser, &path).await).await.2, "cart_not_found");
    // Someone else cannot take it, even holding its id.
    let (thief, _, _) = app.signed_up("Mallory").await;
    assert_eq!(refused(store_post(&thief, &format!("{path}/customer"), &json!({})).await).await.2, "cart_not_found");

    // A signed-in shopper's own visitor cart takes the seat, becoming theirs on the way.
    let other_browser = app.browser();
    let visitor_cart = new_cart(&other_browser, json!({})).await;
    assert_eq!(other_browser.sign_in(&seat.player_email, crate::helpers::PASSWORD).await.status(), 200);
    let added = ok(store_post(&other_browser, &format!("/api/store/carts/{}/line-items", id(&visitor_cart)),
        &json!({"variant_id": seat.variant_id})).await, 200).await;
    assert_eq!(added["cart"]["customer_id"], seat.player_id.as_str());
    assert_eq!(added["cart"]["email"], seat.player_email.as_str());
});

db_test!(async fn abandoned_carts_are_pruned_and_started_ones_kept(app) {
    let (shopper, _, email) = app.signed_up("Pia").await;
    let old = new_cart(&shopper, json!({})).await;
    let completed = new_cart(&shopper, json!({})).await;
    set_column(&app, "carts", "id", id(&completed).into(), "completed_at", app.clock_now().into()).await;
    let jobs = questline::jobs::find_by_kind(app.state.db.conn(), questline::commerce::carts::PRUNE_CARTS).await.unwrap();
    assert_eq!(jobs.len(), 1, "scheduled daily at start");

    // Sign-ins end after a week idle: the shopper signs in again after each jump.
    app.clock.set(app.clock_now() + chrono::Duration::days(20));
    assert_eq!(shopper.sign_in(&email, crate::helpers::PASSWORD).await.status(), 200);
    let touched = new_cart(&shopper, json!({})).await;
    app.clock.set(app.clock_now() + chrono::Duration::days(11));
    assert_eq!(shopper.sign_in(&email, crate::helpers::PASSWORD).await.status(), 200);
    let deleted = questline::commerce::carts::prune_abandoned(app.state.db.conn(), app.clock_now()).await.unwrap();
    // The daily job may have run on the moved clock first; either way the abandoned cart alone is gone.
    assert!(deleted <= 1, "{deleted}");
    assert_eq!(refused(store_get(&shopper, &format!("/api/store/carts/{}", id(&old))).await).await.2, "cart_not_found");
    for kept in [&completed, &touched] {
        assert_eq!(store_get(&shopper, &format!("/api/store/carts/{}", id(kept))).await.status(), 200);
    }
});

/// Writes a `cart_completions` row as the completion would leave it.
async fn completion_row(
    app: &TestApp,
    cart_id: &str,
    state: &str,
    locked_until: Option<chrono::DateTime<chrono::Utc>>,
) {
    let now = app.clock_now();
    let statement = Query::insert()
        .into_table(Alias::new("cart_completions"))
        .columns(
            ["cart_id", "state", "order_id", "locked_until", "attempt", "created_at", "updated_at"].map(Alias::new),
        )
        .values_panic([
            cart_id.into(),
            state.into(),
            "order_00000000000000000000000000".into(),
            locked_until.into(),
            0.into(),
            now.into(),
            now.into(),
        ])
        .to_owned();
    let backend = app.state.db.conn().get_database_backend();
    app.state.db.conn().execute_raw(backend.build(&statement)).await.unwrap();
}

db_test!(async fn a_cart_being_paid_is_not_changed_under_the_payment(app) {
    let seat = seat(&app, "pln").await;
    let cart = new_cart(&seat.player, json!({})).await;
    let path = format!("/api/store/carts/{}", id(&cart));
    ok(store_post(&seat.player, &format!("{path}/line-items"), &json!({"variant_id": seat.variant_id})).await, 200).await;
    let now = app.clock_now();
    completion_row(&app, id(&cart), "captured", None).await;
    let (status, kind, code, _) = refused(store_post(&seat.player, &path, &json!({"email": "new@example.test"})).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "conflict", "cart_completion_in_progress"));
    let collection = store_post(&seat.player, "/api/store/payment-collections", &json!({"cart_id": cart["id"]})).await;
    assert_eq!(refused(collection).await.2, "cart_completion_in_progress");
    let unchanged = ok(store_get(&seat.player, &path).await, 200).await;
    assert_eq!(unchanged["cart"]["email"], seat.player_email.as_str(), "nothing written");

    // A claim with a live lease holds the cart too; a released one (a declined attempt) lets the shopper go on.
    let other = new_cart(&seat.player, json!({})).await;
    let other_path = format!("/api/store/carts/{}", id(&other));
    completion_row(&app, id(&other), "started", Some(now + chrono::Duration::seconds(30))).await;
    assert_eq!(refused(store_post(&seat.player, &other_path, &json!({"email": "a@example.test"})).await).await.2,
        "cart_completion_in_progress");
    app.clock.set(now + chrono::Duration::seconds(31));
    ok(store_post(&seat.player, &other_path, &json!({"email": "a@example.test"})).await, 200).await;
    let third = new_cart(&seat.player, json!({})).await;
    completion_row(&app, id(&third), "started", None).await;
    ok(store_post(&seat.player, &format!("/api/store/carts/{}", id(&third)), &json!({"email": "b@example.test"})).await, 200).await;
});

db_test!(async fn a_seat_of_a_session_moved_back_to_planning_is_refused_under_the_lock(app) {
    // What commerce's writes rely on when they trust a check made before the write: the session's own front door
    // refuses a payment of a session no longer being prepared, even when the payment itself is still open.
    let seat = seat(&app, "pln").await;
    gm_act_ok(&seat.gm, &seat.session, "start-planning").await;
    let payment_id = Uuid::parse_str(&seat.payment_id).unwrap();
    let pending = app
        .state
        .write(move |w| Box::pin(async move { questline::sessions::payment_pending(&w, PaymentId(payment_id), "cart_test").await }))
        .await
        .unwrap();
    assert!(!pending, "no payment starts for a session in planning");
    let refs = questline::sessions::PaymentRefs {
        cart_id: "cart_test".into(),
        order_id: String::from("order_test").into(),
        transaction_id: "sys_test".into(),
    };
    let completed = app
        .state
        .write(move |w| Box::pin(async move { questline::sessions::payment_completed(&w, PaymentId(payment_id), refs).await }))
        .await
        .unwrap();
    assert!(!completed, "no payment completes for a session in planning");
    let view = player_view(&seat).await;
    assert_eq!(view["payment"]["status"], "created", "the payment is still open, untouched: {view}");
});

db_test!(async fn shipping_data_and_line_metadata_are_flat_strings_of_at_most_4_kib(app) {
    // A visitor's shipping data: nested values, non-strings and more than 4 KiB are refused with 400, nothing kept.
    let visitor = app.browser();
    let cart = new_cart(&visitor, json!({})).await;
    let path = format!("/api/store/carts/{}/shipping-methods", id(&cart));
    let refusals = [
        (json!({"nested": {"deep": "x"}}), "metadata_not_flat"),
        (json!({"list": ["x"]}), "metadata_not_flat"),
        (json!({"count": 3}), "metadata_not_flat"),
        (json!({"blob": "x".repeat(4096)}), "metadata_too_large"),
    ];
    for (data, expected) in &refusals {
        let response = store_post(&visitor, &path, &json!({"option_id": "so_digital_seat", "data": data})).await;
        let (status, kind, code, error) = refused(response).await;
        assert_eq!((status, kind.as_str(), code.as_str()), (400, "invalid_argument", *expected), "{error}");
        assert_eq!(error["fields"]["data"][0]["code"], *expected, "{error}");
    }
    let kept = ok(store_get(&visitor, &format!("/api/store/carts/{}", id(&cart))).await, 200).await;
    assert_eq!(kept["cart"]["shipping_methods"], json!([]), "nothing written");
    let fits = json!({"note": "x".repeat(4092)});
    let chosen = ok(store_post(&visitor, &path, &json!({"option_id": "so_digital_seat", "data": fits})).await, 200).await;
    assert_eq!(chosen["cart"]["shipping_methods"][0]["data"], fits, "4096 bytes of keys and values fit");

    // A signed-in shopper's line-item metadata: the same rule.
    let seat = seat(&app, "pln").await;
    let cart = new_cart(&seat.player, json!({})).await;
    let path = format!("/api/store/carts/{}/line-items", id(&cart));
    for (metadata, expected) in &refusals {
        let response = store_post(&seat.player, &path, &json!({"variant_id": seat.variant_id, "metadata": metadata})).await;
        let (status, _, code, error) = refused(response).await;
        assert_eq!((status, code.as_str()), (400, *expected), "{error}");
        assert_eq!(error["fields"]["metadata"][0]["code"], *expected, "{error}");
    }
    let kept = ok(store_get(&seat.player, &format!("/api/store/carts/{}", id(&cart))).await, 200).await;
    assert_eq!(kept["cart"]["items"], json!([]), "nothing written");
    let added = ok(store_post(&seat.player, &path, &json!({"variant_id": seat.variant_id,
        "metadata": {"note": "by the window"}})).await, 200).await;
    assert_eq!(added["cart"]["items"][0]["metadata"]["note"], "by the window");
});

db_test!(configure = |config| config.carts_per_address_per_hour = 3,
async fn an_address_creates_only_so_many_carts_an_hour(app) {
    let visitor = app.browser();
    let (shopper, _, _) = app.signed_up("Pia").await;
    new_cart(&visitor, json!({})).await;
    new_cart(&shopper, json!({})).await;
    new_cart(&app.browser(), json!({})).await;
    // The fourth from this address, whoever asks: 429 with Retry-After, and no cart.
    let carts = count_rows(&app, "carts").await;
    for who in [&visitor, &shopper] {
        let response = store_post(who, "/api/store/carts", &json!({})).await;
        assert!(response.headers().contains_key("retry-after"));
        let (status, kind, code, _) = refused(response).await;
        assert_eq!((status, kind.as_str(), code.as_str()), (429, "not_allowed", "rate_limited"));
    }
    assert_eq!(count_rows(&app, "carts").await, carts, "nothing written");
    // An hour later the address may again.
    app.clock.set(app.clock_now() + chrono::Duration::minutes(61));
    new_cart(&visitor, json!({})).await;
});

db_test!(async fn visitors_empty_carts_are_pruned_after_a_day(app) {
    let visitor = app.browser();
    let (shopper, _, email) = app.signed_up("Pia").await;
    let empty = new_cart(&visitor, json!({})).await;
    let with_address = new_cart(&visitor, json!({"email": "pia@example.test"})).await;
    let accounts = new_cart(&shopper, json!({})).await;
    app.clock.set(app.clock_now() + chrono::Duration::hours(23));
    let younger = new_cart(&visitor, json!({})).await;
    app.clock.set(app.clock_now() + chrono::Duration::hours(2));
    assert_eq!(shopper.sign_in(&email, crate::helpers::PASSWORD).await.status(), 200);
    questline::commerce::carts::prune_abandoned(app.state.db.conn(), app.clock_now()).await.unwrap();
    // A day old with no line item: a visitor's carts go, touched or not; an account's stays (30 days).
    for gone in [&empty, &with_address] {
        let response = store_get(&visitor, &format!("/api/store/carts/{}", id(gone))).await;
        assert_eq!(refused(response).await.2, "cart_not_found");
    }
    assert_eq!(store_get(&visitor, &format!("/api/store/carts/{}", id(&younger))).await.status(), 200);
    assert_eq!(store_get(&shopper, &format!("/api/store/carts/{}", id(&accounts))).await.status(), 200);
});

async fn count_rows(app: &TestApp, table: &str) -> i64 {
    let backend = app.state.db.conn().get_database_backend();
    let statement = sea_orm::Statement::from_string(backend, format!("SELECT COUNT(*) AS n FROM {table}"));
    let row = app.state.db.conn().query_one_raw(statement).await.unwrap().unwrap();
    row.try_get::<i64>("", "n").unwrap()
}
