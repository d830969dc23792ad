//! The engine's closed sets (roles, statuses…) as OpenAPI enums: the document lists their
//! words, a request with another word is refused by the shape check like any bad value, and
//! the UI's generated types carry the set instead of a copy of it.

use std::borrow::Cow;

use engine::domain::roles::ClosedSet;
use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use poem_openapi::types::{
    ParseError, ParseFromJSON, ParseFromParameter, ParseResult, ToJSON, Type,
};
use serde_json::Value;

/// A member of the engine's closed set `T`, on the wire as its word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Closed<T>(pub T);

impl<T: ClosedSet> Type for Closed<T> {
    const IS_REQUIRED: bool = true;
    type RawValueType = Self;
    type RawElementValueType = Self;

    fn name() -> Cow<'static, str> {
        Cow::Borrowed(T::NAME)
    }

    fn schema_ref() -> MetaSchemaRef {
        MetaSchemaRef::Reference(T::NAME.to_owned())
    }

    fn register(registry: &mut Registry) {
        registry.create_schema::<Self, _>(T::NAME.to_owned(), |_| MetaSchema {
            enum_items: T::members()
                .iter()
                .map(|member| Value::String(member.word().to_owned()))
                .collect(),
            ..MetaSchema::new("string")
        });
    }

    fn as_raw_value(&self) -> Option<&Self::RawValueType> {
        Some(self)
    }

    fn raw_element_iter<'a>(
        &'a self,
    ) -> Box<dyn Iterator<Item = &'a Self::RawElementValueType> + 'a> {
        Box::new(self.as_raw_value().into_iter())
    }
}

impl<T: ClosedSet> ParseFromJSON for Closed<T> {
    fn parse_from_json(value: Option<Value>) -> ParseResult<Self> {
        match value.unwrap_or_default() {
            Value::String(word) => Self::parse_from_parameter(&word),
            other => Err(ParseError::expected_type(other)),
        }
    }
}

impl<T: ClosedSet> ParseFromParameter for Closed<T> {
    fn parse_from_parameter(word: &str) -> ParseResult<Self> {
        T::from_word(word)
            .map(Closed)
            .map_err(|e| ParseError::custom(e.to_string()))
    }
}

impl<T: ClosedSet> ToJSON for Closed<T> {
    fn to_json(&self) -> Option<Value> {
        Some(Value::String(self.0.word().to_owned()))
    }
}
