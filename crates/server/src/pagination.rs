//! Paged lists (DESIGN.md): `offset`/`limit` in, `{items, count, offset, limit}` out (each feature names
//! its own page type, so the OpenAPI document stays free of generics); 0/20 by default, at most
//! 100 per page.

use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::ApiError;

pub const DEFAULT_LIMIT: u64 = 20;
pub const MAX_LIMIT: u64 = 100;

#[derive(Debug, Clone, Copy, Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// How many items to skip (default 0).
    pub offset: Option<u64>,
    /// How many items to return (default 20, at most 100).
    pub limit: Option<u64>,
}

/// A checked page request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub offset: u64,
    pub limit: u64,
}

impl TryFrom<PageQuery> for PageRequest {
    type Error = ApiError;

    fn try_from(query: PageQuery) -> Result<Self, ApiError> {
        let limit = query.limit.unwrap_or(DEFAULT_LIMIT);
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(ApiError::invalid_argument(
                "invalid_query_parameter",
                format!("limit must be between 1 and {MAX_LIMIT}"),
            ));
        }
        // Databases count in i64 (and the document says int64): a larger offset is refused, not a 500.
        let offset = query.offset.unwrap_or(0);
        if offset > i64::MAX as u64 {
            return Err(ApiError::invalid_argument(
                "invalid_query_parameter",
                format!("offset must be at most {}", i64::MAX),
            ));
        }
        Ok(Self { offset, limit })
    }
}
