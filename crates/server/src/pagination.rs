//! Paged lists (DESIGN.md): `offset`/`limit` in, `{items, count, offset, limit}` out (each feature names
//! its own page type, so the OpenAPI document stays free of generics); 0/20 by default, at most
//! 100 per page.

use questline_domain::ErrorCode;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::ApiError;

pub const DEFAULT_LIMIT: u64 = 20;
pub const MAX_LIMIT: u64 = 100;
/// The largest offset the databases can take (a signed 64-bit integer); beyond it a query could not even be bound.
pub const MAX_OFFSET: u64 = i64::MAX as u64;

#[derive(Debug, Clone, Copy, Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// How many items to skip (default 0).
    #[param(maximum = 9_223_372_036_854_775_807_i64)]
    pub offset: Option<u64>,
    /// How many items to return (default 20, at most 100).
    #[param(minimum = 1, maximum = 100)]
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
                ErrorCode::InvalidQueryParameter,
                format!("limit must be between 1 and {MAX_LIMIT}"),
            ));
        }
        let offset = query.offset.unwrap_or(0);
        if offset > MAX_OFFSET {
            return Err(ApiError::invalid_argument(
                ErrorCode::InvalidQueryParameter,
                format!("offset must be at most {MAX_OFFSET}"),
            ));
        }
        Ok(Self { offset, limit })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(offset: Option<u64>, limit: Option<u64>) -> Result<PageRequest, ApiError> {
        PageRequest::try_from(PageQuery { offset, limit })
    }

    #[test]
    fn defaults_to_the_first_twenty() {
        assert_eq!(page(None, None).unwrap(), PageRequest { offset: 0, limit: DEFAULT_LIMIT });
    }

    #[test]
    fn limits_the_page_size_and_the_offset() {
        assert!(page(None, Some(0)).is_err());
        assert!(page(None, Some(MAX_LIMIT + 1)).is_err());
        assert_eq!(
            page(Some(MAX_OFFSET), Some(MAX_LIMIT)).unwrap(),
            PageRequest { offset: MAX_OFFSET, limit: MAX_LIMIT }
        );
        assert!(page(Some(MAX_OFFSET + 1), None).is_err());
    }
}
