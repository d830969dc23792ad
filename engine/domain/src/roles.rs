//! Roles (spec section 6) and the level at which a user is employed.

#[macro_export]
macro_rules! closed_set {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::error::Error;
            fn from_str(text: &str) -> Result<Self, $crate::error::Error> {
                match text {
                    $($text => Ok($name::$variant),)+
                    other => Err($crate::error::Error::invalid(format!(
                        concat!("unknown ", stringify!($name), " {:?}"), other
                    ))),
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        // Stored as their text: records read them with `#[sqlx(try_from = "String")]`, so a
        // record holds the closed set, not a string every reader compares.
        impl ::std::convert::TryFrom<String> for $name {
            type Error = $crate::error::Error;
            fn try_from(text: String) -> Result<Self, $crate::error::Error> {
                text.parse()
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
                to.serialize_str(self.as_str())
            }
        }

        impl $crate::roles::ClosedSet for $name {
            const NAME: &'static str = stringify!($name);
            fn members() -> &'static [Self] {
                Self::ALL
            }
            fn word(self) -> &'static str {
                self.as_str()
            }
            fn from_word(word: &str) -> $crate::error::Result<Self> {
                word.parse()
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(from: D) -> Result<Self, D::Error> {
                let text = <String as ::serde::Deserialize>::deserialize(from)?;
                text.parse().map_err(::serde::de::Error::custom)
            }
        }
    };
}
pub use crate::closed_set;

/// A closed set of words (a role, a status), as `closed_set!` makes one: its name and every
/// member, so the API can publish it as an enum and nobody keeps a copy of the list.
pub trait ClosedSet: Copy + Send + Sync + 'static {
    /// The set's name in the API document (`AppointmentStatus`).
    const NAME: &'static str;
    fn members() -> &'static [Self];
    fn word(self) -> &'static str;
    /// The member a word names; else a validation error naming the set.
    fn from_word(word: &str) -> crate::error::Result<Self>;
}

closed_set! {
    /// What a user may do. A user has one or more, in order; the first decides their landing page.
    Role {
        OfficeManager => "OFFICE_MANAGER",
        DivisionManager => "DIVISION_MANAGER",
        SalesRep => "SALES_REP",
        CorporateAdmin => "CORPORATE_ADMIN",
        CorporateUser => "CORPORATE_USER",
        SuperDataAdmin => "SUPER_DATA_ADMIN",
        SuperAdmin => "SUPER_ADMIN",
        SuperUser => "SUPER_USER",
        EnterpriseAdmin => "ENTERPRISE_ADMIN",
        EnterpriseUser => "ENTERPRISE_USER",
        OfficeUser => "OFFICE_USER",
    }
}

impl Role {
    /// The narrowest level a user holding the role may be at: the enterprise's roles need a
    /// user who sees the enterprise; a dealer group's (corporate) and a dealer's manager one
    /// who sees at least a dealer; a store's roles fit anyone.
    pub fn narrowest_level(self) -> EmpLevel {
        match self {
            Role::SuperAdmin => EmpLevel::Platform,
            Role::SuperDataAdmin
            | Role::SuperUser
            | Role::EnterpriseAdmin
            | Role::EnterpriseUser => EmpLevel::Enterprise,
            Role::CorporateAdmin | Role::CorporateUser | Role::DivisionManager => EmpLevel::Boc,
            Role::OfficeManager | Role::SalesRep | Role::OfficeUser => EmpLevel::Store,
        }
    }

    /// Whether a user at `level` may hold the role.
    pub fn fits(self, level: EmpLevel) -> bool {
        level.width() >= self.narrowest_level().width()
    }
}

/// Roles that run a store's bulk work (planner transfers, lead uploads, line-type refreshes):
/// the platform and enterprise administrators and the dealer and store managers.
pub const MANAGER_ROLES: &[Role] = &[
    Role::SuperAdmin,
    Role::SuperDataAdmin,
    Role::SuperUser,
    Role::EnterpriseAdmin,
    Role::CorporateAdmin,
    Role::DivisionManager,
    Role::OfficeManager,
];

/// The super roles of the conversation screens: they see and write internal notes, use the
/// per-message options (log mode, intents, response times) and act for the assistant.
pub const SUPER_ROLES: &[Role] = &[Role::SuperDataAdmin, Role::SuperUser];

/// Roles that see archived messages and the GM's e-mail notifications (spec section 6).
pub const SEES_ARCHIVED: &[Role] = &[Role::SuperDataAdmin];

closed_set! {
    /// How wide a user's view is: the whole platform, one enterprise, one dealer (boc) or one store.
    EmpLevel {
        Platform => "PLATFORM",
        Enterprise => "ENTERPRISE",
        Boc => "BOC",
        Store => "STORE",
    }
}

impl EmpLevel {
    /// How much of the tenancy the level sees: a store 0, a dealer 1, an enterprise 2, the
    /// platform 3.
    fn width(self) -> u8 {
        match self {
            EmpLevel::Store => 0,
            EmpLevel::Boc => 1,
            EmpLevel::Enterprise => 2,
            EmpLevel::Platform => 3,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;

    #[test]
    fn every_role_round_trips_through_its_name() {
        for role in Role::ALL {
            assert_eq!(role.as_str().parse::<Role>().unwrap(), *role);
        }
        assert_eq!(Role::ALL.len(), 11);
    }

    #[test]
    fn an_unknown_role_is_a_validation_error() {
        let error = "JANITOR".parse::<Role>().unwrap_err();
        assert!(matches!(error, Error::Validation { .. }));
        assert!(error.to_string().contains("JANITOR"));
    }
}
