//! Commerce (issue 16): the store's carts with their line items, shipping methods, payment collections and payment
//! sessions; the payment providers offered per region; orders with their display-number counter; the completion
//! state machine (`cart_completions`); idempotency keys of store POSTs; the append-only money ledger; refunds; and the
//! Stripe events already handled. docs/decisions.md "Commerce (issue 16): the plan" is the contract.
//!
//! Store ids are prefixed text (`cart_…`, `cali_…`, `pay_col_…`, `payses_…`, `order_…`), as Medusa's are; ids that
//! point into the rest of Questline (accounts, regions, sessions, payments) stay UUIDs. Orders, the ledger and
//! refunds name accounts without a foreign key: they are the money's record and outlive the people in them (an
//! erased account keeps its row anyway, and the ledger is never deleted).

use sea_orm_migration::{prelude::*, schema::*};

use super::columns::CommonColumns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Regions {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Carts {
    Table,
    Id,
    RegionId,
    SalesChannelId,
    CurrencyCode,
    Email,
    AccountId,
    VisitorHash,
    BillingFirstName,
    BillingLastName,
    #[sea_orm(iden = "billing_address_1")]
    BillingAddress1,
    #[sea_orm(iden = "billing_address_2")]
    BillingAddress2,
    BillingCity,
    BillingPostalCode,
    BillingCountryCode,
    BillingPhone,
    CompletedAt,
}

#[derive(DeriveIden)]
enum CartLineItems {
    Table,
    Id,
    CartId,
    VariantId,
    PaymentId,
    SessionId,
    Title,
    Quantity,
    UnitPriceMinor,
    Metadata,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CartShippingMethods {
    Table,
    Id,
    CartId,
    OptionId,
    Name,
    AmountMinor,
    Data,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PaymentCollections {
    Table,
    Id,
    CartId,
    CurrencyCode,
    AmountMinor,
    Status,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum PaymentSessions {
    Table,
    Id,
    PaymentCollectionId,
    ProviderId,
    AmountMinor,
    CurrencyCode,
    Status,
    Data,
    ProviderRef,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum RegionPaymentProviders {
    Table,
    RegionId,
    ProviderId,
    IsEnabled,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    DisplayId,
    CartId,
    AccountId,
    Email,
    BillingFirstName,
    BillingLastName,
    #[sea_orm(iden = "billing_address_1")]
    BillingAddress1,
    #[sea_orm(iden = "billing_address_2")]
    BillingAddress2,
    BillingCity,
    BillingPostalCode,
    BillingCountryCode,
    BillingPhone,
    GmId,
    SellerName,
    SessionId,
    SeriesId,
    PaymentId,
    RegionId,
    CurrencyCode,
    SubtotalMinor,
    TaxTotalMinor,
    TotalMinor,
    FeeBps,
    PlatformFeeMinor,
    GmShareMinor,
    ProviderId,
    TransactionId,
    PaymentStatus,
    Items,
    SellerTaxId,
    BuyerTaxId,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum OrderCounters {
    Table,
    Name,
    Value,
}

#[derive(DeriveIden)]
enum CartCompletions {
    Table,
    CartId,
    State,
    OrderId,
    ProviderRef,
    LockedUntil,
    Attempt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum IdempotencyKeys {
    Table,
    Principal,
    Key,
    Method,
    Path,
    RequestHash,
    State,
    Status,
    Body,
    CreatedAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum LedgerEntries {
    Table,
    Id,
    PaymentId,
    OrderId,
    SessionId,
    SeriesId,
    GmId,
    PlayerId,
    Kind,
    AmountMinor,
    CurrencyCode,
    Month,
    Reverses,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Refunds {
    Table,
    Id,
    PaymentId,
    SessionId,
    Reason,
    Status,
    RequestMessage,
    DecisionMessage,
    DecidedBy,
    ProviderRefundId,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum StripeEvents {
    Table,
    Id,
    Type,
    ReceivedAt,
}

fn of_cart(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create().from(table, column).to(Carts::Table, Carts::Id).on_delete(ForeignKeyAction::Cascade).to_owned()
}

/// The eight columns of a billing address (spec §5 checkout address), all optional until completion checks them.
fn billing_columns(table: &mut TableCreateStatement, names: [impl IntoIden; 8]) -> &mut TableCreateStatement {
    for name in names {
        table.col(string_null(name));
    }
    table
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut carts = Table::create();
        carts
            .table(Carts::Table)
            .col(string(Carts::Id).primary_key())
            .col(uuid(Carts::RegionId))
            .col(string(Carts::SalesChannelId))
            .col(string(Carts::CurrencyCode))
            .col(string_null(Carts::Email))
            .col(uuid_null(Carts::AccountId))
            .col(string_null(Carts::VisitorHash));
        billing_columns(
            &mut carts,
            [
                Carts::BillingFirstName,
                Carts::BillingLastName,
                Carts::BillingAddress1,
                Carts::BillingAddress2,
                Carts::BillingCity,
                Carts::BillingPostalCode,
                Carts::BillingCountryCode,
                Carts::BillingPhone,
            ],
        );
        // A region may be removed while carts use it: the cart keeps its id and the store answers with the first
        // region's shape until the shopper picks another, so no foreign key to regions.
        carts
            .col(timestamp_with_time_zone_null(Carts::CompletedAt))
            .versioned_timestamps()
            .owned_by_account(Carts::Table, Carts::AccountId);
        manager.create_table(carts.to_owned()).await?;

        manager
            .create_table(
                Table::create()
                    .table(CartLineItems::Table)
                    .col(string(CartLineItems::Id).primary_key())
                    .col(string(CartLineItems::CartId))
                    .col(string(CartLineItems::VariantId))
                    .col(uuid(CartLineItems::PaymentId))
                    .col(uuid(CartLineItems::SessionId))
                    .col(string(CartLineItems::Title))
                    .col(integer(CartLineItems::Quantity))
                    .col(big_integer(CartLineItems::UnitPriceMinor))
                    .col(json(CartLineItems::Metadata))
                    .col(timestamp_with_time_zone(CartLineItems::CreatedAt))
                    .foreign_key(&mut of_cart(CartLineItems::Table, CartLineItems::CartId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CartShippingMethods::Table)
                    .col(string(CartShippingMethods::Id).primary_key())
                    .col(string(CartShippingMethods::CartId))
                    .col(string(CartShippingMethods::OptionId))
                    .col(string(CartShippingMethods::Name))
                    .col(big_integer(CartShippingMethods::AmountMinor))
                    .col(json(CartShippingMethods::Data))
                    .col(timestamp_with_time_zone(CartShippingMethods::CreatedAt))
                    .foreign_key(&mut of_cart(CartShippingMethods::Table, CartShippingMethods::CartId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PaymentCollections::Table)
                    .col(string(PaymentCollections::Id).primary_key())
                    .col(string_uniq(PaymentCollections::CartId))
                    .col(string(PaymentCollections::CurrencyCode))
                    .col(big_integer(PaymentCollections::AmountMinor))
                    .col(string(PaymentCollections::Status))
                    .col(timestamp_with_time_zone(PaymentCollections::CreatedAt))
                    .col(timestamp_with_time_zone(PaymentCollections::UpdatedAt))
                    .foreign_key(&mut of_cart(PaymentCollections::Table, PaymentCollections::CartId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PaymentSessions::Table)
                    .col(string(PaymentSessions::Id).primary_key())
                    .col(string(PaymentSessions::PaymentCollectionId))
                    .col(string(PaymentSessions::ProviderId))
                    .col(big_integer(PaymentSessions::AmountMinor))
                    .col(string(PaymentSessions::CurrencyCode))
                    .col(string(PaymentSessions::Status))
                    .col(json(PaymentSessions::Data))
                    .col(string_null(PaymentSessions::ProviderRef))
                    .col(timestamp_with_time_zone(PaymentSessions::CreatedAt))
                    .col(timestamp_with_time_zone(PaymentSessions::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(PaymentSessions::Table, PaymentSessions::PaymentCollectionId)
                            .to(PaymentCollections::Table, PaymentCollections::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RegionPaymentProviders::Table)
                    .col(uuid(RegionPaymentProviders::RegionId))
                    .col(string(RegionPaymentProviders::ProviderId))
                    .col(boolean(RegionPaymentProviders::IsEnabled).default(true))
                    .primary_key(
                        Index::create().col(RegionPaymentProviders::RegionId).col(RegionPaymentProviders::ProviderId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(RegionPaymentProviders::Table, RegionPaymentProviders::RegionId)
                            .to(Regions::Table, Regions::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // Every region there is offers the built-in provider; `add_region` does the same for later ones.
        let seed = Query::insert()
            .into_table(RegionPaymentProviders::Table)
            .columns([
                RegionPaymentProviders::RegionId,
                RegionPaymentProviders::ProviderId,
                RegionPaymentProviders::IsEnabled,
            ])
            .select_from(
                Query::select()
                    .column(Regions::Id)
                    .expr(Expr::val("pp_system_default"))
                    .expr(Expr::val(true))
                    .from(Regions::Table)
                    .to_owned(),
            )
            .map_err(|error| DbErr::Migration(error.to_string()))?
            .to_owned();
        manager.exec_stmt(seed).await?;

        let mut orders = Table::create();
        orders
            .table(Orders::Table)
            .col(string(Orders::Id).primary_key())
            .col(big_integer_uniq(Orders::DisplayId))
            .col(string_uniq(Orders::CartId))
            .col(uuid(Orders::AccountId))
            .col(string(Orders::Email));
        billing_columns(
            &mut orders,
            [
                Orders::BillingFirstName,
                Orders::BillingLastName,
                Orders::BillingAddress1,
                Orders::BillingAddress2,
                Orders::BillingCity,
                Orders::BillingPostalCode,
                Orders::BillingCountryCode,
                Orders::BillingPhone,
            ],
        );
        orders
            .col(uuid(Orders::GmId))
            .col(string(Orders::SellerName))
            .col(uuid(Orders::SessionId))
            .col(uuid(Orders::SeriesId))
            .col(uuid(Orders::PaymentId))
            .col(uuid(Orders::RegionId))
            .col(string(Orders::CurrencyCode))
            .col(big_integer(Orders::SubtotalMinor))
            .col(big_integer(Orders::TaxTotalMinor))
            .col(big_integer(Orders::TotalMinor))
            .col(integer(Orders::FeeBps))
            .col(big_integer(Orders::PlatformFeeMinor))
            .col(big_integer(Orders::GmShareMinor))
            .col(string(Orders::ProviderId))
            .col(string(Orders::TransactionId))
            .col(string(Orders::PaymentStatus))
            .col(json(Orders::Items))
            .col(string_null(Orders::SellerTaxId))
            .col(string_null(Orders::BuyerTaxId))
            .col(timestamp_with_time_zone(Orders::CreatedAt))
            .col(timestamp_with_time_zone(Orders::UpdatedAt));
        manager.create_table(orders.to_owned()).await?;

        // One row per counter (`orders`): the display number is taken by incrementing it in the recording
        // transaction, so numbers are dense and never reused, on both databases alike.
        manager
            .create_table(
                Table::create()
                    .table(OrderCounters::Table)
                    .col(string(OrderCounters::Name).primary_key())
                    .col(big_integer(OrderCounters::Value).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .exec_stmt(
                Query::insert()
                    .into_table(OrderCounters::Table)
                    .columns([OrderCounters::Name, OrderCounters::Value])
                    .values_panic(["orders".into(), 0i64.into()])
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(CartCompletions::Table)
                    .col(string(CartCompletions::CartId).primary_key())
                    .col(string(CartCompletions::State))
                    .col(string(CartCompletions::OrderId))
                    .col(string_null(CartCompletions::ProviderRef))
                    .col(timestamp_with_time_zone_null(CartCompletions::LockedUntil))
                    .col(integer(CartCompletions::Attempt).default(0))
                    .col(timestamp_with_time_zone(CartCompletions::CreatedAt))
                    .col(timestamp_with_time_zone(CartCompletions::UpdatedAt))
                    .foreign_key(&mut of_cart(CartCompletions::Table, CartCompletions::CartId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(IdempotencyKeys::Table)
                    .col(string(IdempotencyKeys::Principal))
                    .col(string(IdempotencyKeys::Key))
                    .col(string(IdempotencyKeys::Method))
                    .col(string(IdempotencyKeys::Path))
                    .col(string(IdempotencyKeys::RequestHash))
                    .col(string(IdempotencyKeys::State))
                    .col(integer_null(IdempotencyKeys::Status))
                    .col(text_null(IdempotencyKeys::Body))
                    .col(timestamp_with_time_zone(IdempotencyKeys::CreatedAt))
                    .col(timestamp_with_time_zone(IdempotencyKeys::ExpiresAt))
                    .primary_key(Index::create().col(IdempotencyKeys::Principal).col(IdempotencyKeys::Key))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(LedgerEntries::Table)
                    .col(uuid(LedgerEntries::Id).primary_key())
                    .col(uuid(LedgerEntries::PaymentId))
                    .col(string(LedgerEntries::OrderId))
                    .col(uuid(LedgerEntries::SessionId))
                    .col(uuid(LedgerEntries::SeriesId))
                    .col(uuid(LedgerEntries::GmId))
                    .col(uuid(LedgerEntries::PlayerId))
                    .col(string(LedgerEntries::Kind))
                    .col(big_integer(LedgerEntries::AmountMinor))
                    .col(string(LedgerEntries::CurrencyCode))
                    .col(string(LedgerEntries::Month))
                    .col(uuid_null(LedgerEntries::Reverses))
                    .col(timestamp_with_time_zone(LedgerEntries::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Refunds::Table)
                    .col(uuid(Refunds::Id).primary_key())
                    .col(uuid_uniq(Refunds::PaymentId))
                    .col(uuid(Refunds::SessionId))
                    .col(string(Refunds::Reason))
                    .col(string(Refunds::Status))
                    .col(text_null(Refunds::RequestMessage))
                    .col(text_null(Refunds::DecisionMessage))
                    .col(uuid_null(Refunds::DecidedBy))
                    .col(string_null(Refunds::ProviderRefundId))
                    .col(timestamp_with_time_zone(Refunds::CreatedAt))
                    .col(timestamp_with_time_zone(Refunds::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(StripeEvents::Table)
                    .col(string(StripeEvents::Id).primary_key())
                    .col(string(StripeEvents::Type))
                    .col(timestamp_with_time_zone(StripeEvents::ReceivedAt))
                    .to_owned(),
            )
            .await?;

        let indexes = [
            // A signed-in shopper's carts; a visitor's cart by the hash of their cookie.
            Index::create().name("carts_account").table(Carts::Table).col(Carts::AccountId).to_owned(),
            Index::create().name("carts_visitor").table(Carts::Table).col(Carts::VisitorHash).to_owned(),
            Index::create()
                .name("cart_line_items_cart")
                .table(CartLineItems::Table)
                .col(CartLineItems::CartId)
                .to_owned(),
            // Which carts hold a payment's seat (a payment completed elsewhere, a seat no longer payable).
            Index::create()
                .name("cart_line_items_payment")
                .table(CartLineItems::Table)
                .col(CartLineItems::PaymentId)
                .to_owned(),
            Index::create()
                .name("cart_shipping_methods_cart")
                .table(CartShippingMethods::Table)
                .col(CartShippingMethods::CartId)
                .to_owned(),
            Index::create()
                .name("payment_sessions_collection")
                .table(PaymentSessions::Table)
                .col(PaymentSessions::PaymentCollectionId)
                .to_owned(),
            // The webhook finds the attempt by the provider's id (the PaymentIntent).
            Index::create()
                .name("payment_sessions_provider_ref")
                .table(PaymentSessions::Table)
                .col(PaymentSessions::ProviderRef)
                .to_owned(),
            Index::create().name("orders_account").table(Orders::Table).col(Orders::AccountId).to_owned(),
            Index::create().name("orders_payment").table(Orders::Table).col(Orders::PaymentId).to_owned(),
            // Completions whose lease ran out, for the recovery job.
            Index::create()
                .name("cart_completions_state")
                .table(CartCompletions::Table)
                .col(CartCompletions::State)
                .col(CartCompletions::LockedUntil)
                .to_owned(),
            Index::create()
                .name("idempotency_keys_expires")
                .table(IdempotencyKeys::Table)
                .col(IdempotencyKeys::ExpiresAt)
                .to_owned(),
            // Earnings and payouts sum by (GM, month); a session's page by session; a refund reverses a payment's.
            Index::create()
                .name("ledger_entries_gm_month")
                .table(LedgerEntries::Table)
                .col(LedgerEntries::GmId)
                .col(LedgerEntries::Month)
                .to_owned(),
            Index::create()
                .name("ledger_entries_month")
                .table(LedgerEntries::Table)
                .col(LedgerEntries::Month)
                .to_owned(),
            Index::create()
                .name("ledger_entries_payment")
                .table(LedgerEntries::Table)
                .col(LedgerEntries::PaymentId)
                .to_owned(),
            Index::create()
                .name("ledger_entries_session")
                .table(LedgerEntries::Table)
                .col(LedgerEntries::SessionId)
                .to_owned(),
            Index::create().name("refunds_session").table(Refunds::Table).col(Refunds::SessionId).to_owned(),
        ];
        for index in indexes {
            manager.create_index(index).await?;
        }
        Ok(())
    }
}
