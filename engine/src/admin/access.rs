//! What a signed-in user may do, for the UI to know before it asks: each flag is one of the
//! role rules the server enforces, read from the same constants, so the UI keeps no copy of
//! any role list (issue 35). The server still checks every call.

use super::{
    ASSISTANT_ADMINS, PLATFORM_ADMINS, TELEPHONY_ADMINS, TENANT_ADMINS, USER_MANAGERS,
    developer::DEVELOPERS, levels_grantable_by, roles_grantable_by,
};
use crate::domain::{EmpLevel, MANAGER_ROLES, Role, SUPER_ROLES};
use crate::error::{Error, Result};
use crate::store::settings::EnterpriseSettings;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    /// Creates, deactivates and reactivates enterprises and works in any of them
    /// ([`PLATFORM_ADMINS`]).
    pub platform: bool,
    /// Administers one enterprise and opens the company master list ([`TENANT_ADMINS`]).
    pub tenant: bool,
    /// Manages users ([`USER_MANAGERS`]).
    pub users: bool,
    /// Configures a store's texting: gateway, numbers, test texts ([`TELEPHONY_ADMINS`]).
    pub telephony: bool,
    /// Gives stores their assistants ([`ASSISTANT_ADMINS`]).
    pub assistants: bool,
    /// The developer area: assistant and template files ([`DEVELOPERS`]).
    pub developer: bool,
    /// A store's bulk work: bulk initiation, planner transfers, imports, reports, group
    /// templates and follow-up cadences ([`MANAGER_ROLES`]).
    pub manager: bool,
    /// Internal notes and the per-message options menu ([`SUPER_ROLES`]).
    pub message_options: bool,
    /// The inbound-appointment view ([`inbound_view`]).
    pub inbound_view: bool,
    /// The roles the user may give, in the set's order.
    pub grantable_roles: Vec<Role>,
    /// The levels at which the user may employ others.
    pub grantable_levels: &'static [EmpLevel],
    /// For each of those levels, the grantable roles a user there may hold.
    pub grantable_roles_by_level: Vec<(EmpLevel, Vec<Role>)>,
}

impl Access {
    /// What `roles` at `level` may do in an enterprise with `settings`.
    pub fn of(roles: &[Role], level: EmpLevel, settings: &EnterpriseSettings) -> Self {
        let any = |allowed: &[Role]| roles.iter().any(|r| allowed.contains(r));
        let users = any(USER_MANAGERS);
        let grantable_roles = roles_grantable_by(roles);
        let grantable_levels = if users {
            levels_grantable_by(roles, level)
        } else {
            &[]
        };
        let grantable_roles_by_level = grantable_levels
            .iter()
            .map(|level| {
                let fitting = grantable_roles
                    .iter()
                    .copied()
                    .filter(|role| role.fits(*level))
                    .collect();
                (*level, fitting)
            })
            .collect();
        Self {
            platform: any(PLATFORM_ADMINS),
            tenant: any(TENANT_ADMINS),
            users,
            telephony: any(TELEPHONY_ADMINS),
            assistants: any(ASSISTANT_ADMINS),
            developer: any(DEVELOPERS),
            manager: any(MANAGER_ROLES),
            message_options: any(SUPER_ROLES),
            inbound_view: inbound_view(roles, settings),
            grantable_roles,
            grantable_levels,
            grantable_roles_by_level,
        }
    }
}

/// Who records what the assistant found about an inbound appointment request (the
/// inbound-appointment view, M§6): every staff role but ENTERPRISE_USER; a user who is only an
/// ENTERPRISE_USER when their enterprise's setting turns the view on (decision 0022).
pub fn inbound_view(roles: &[Role], settings: &EnterpriseSettings) -> bool {
    roles.iter().any(|role| *role != Role::EnterpriseUser) || settings.enterprise_user_inbound_view
}

/// Refuses the inbound-appointment view to a caller [`inbound_view`] does not give it.
pub fn require_inbound_view(roles: &[Role], settings: &EnterpriseSettings) -> Result<()> {
    if inbound_view(roles, settings) {
        Ok(())
    } else {
        Err(Error::Forbidden(
            "Your enterprise has the inbound-appointment view off for enterprise users".to_owned(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> EnterpriseSettings {
        EnterpriseSettings::default()
    }

    #[test]
    fn an_enterprise_user_gets_the_inbound_view_only_when_the_enterprise_turns_it_on() {
        let off = settings();
        let on = EnterpriseSettings {
            enterprise_user_inbound_view: true,
            ..settings()
        };
        assert!(!inbound_view(&[Role::EnterpriseUser], &off));
        assert!(inbound_view(&[Role::EnterpriseUser], &on));
        assert!(inbound_view(&[Role::OfficeUser], &off));
        assert!(inbound_view(
            &[Role::EnterpriseUser, Role::CorporateUser],
            &off
        ));
        assert!(require_inbound_view(&[Role::EnterpriseUser], &off).is_err());
    }

    #[test]
    fn a_store_manager_manages_store_staff_only() {
        let access = Access::of(&[Role::OfficeManager], EmpLevel::Store, &settings());
        assert!(access.users && access.manager);
        assert!(!access.tenant && !access.platform && !access.telephony);
        assert_eq!(
            access.grantable_roles,
            vec![Role::SalesRep, Role::OfficeUser]
        );
        assert_eq!(access.grantable_levels, &[EmpLevel::Store]);
    }

    #[test]
    fn a_sales_rep_administers_nothing() {
        let access = Access::of(&[Role::SalesRep], EmpLevel::Store, &settings());
        assert_eq!(
            access,
            Access {
                platform: false,
                tenant: false,
                users: false,
                telephony: false,
                assistants: false,
                developer: false,
                manager: false,
                message_options: false,
                inbound_view: true,
                grantable_roles: Vec::new(),
                grantable_levels: &[],
                grantable_roles_by_level: Vec::new(),
            }
        );
    }

    #[test]
    fn the_platform_gives_every_role_at_every_level() {
        let access = Access::of(&[Role::SuperAdmin], EmpLevel::Platform, &settings());
        assert!(access.platform && access.tenant && access.manager);
        assert_eq!(access.grantable_roles, Role::ALL.to_vec());
        assert_eq!(
            access.grantable_levels,
            &[EmpLevel::Enterprise, EmpLevel::Boc, EmpLevel::Store]
        );
        // A store's user is offered a store's roles only; a dealer's, its manager's too.
        let at = |level: EmpLevel| {
            access
                .grantable_roles_by_level
                .iter()
                .find(|(l, _)| *l == level)
                .map(|(_, roles)| roles.clone())
                .unwrap_or_default()
        };
        assert_eq!(
            at(EmpLevel::Store),
            vec![Role::OfficeManager, Role::SalesRep, Role::OfficeUser]
        );
        assert!(at(EmpLevel::Boc).contains(&Role::DivisionManager));
        assert!(!at(EmpLevel::Boc).contains(&Role::EnterpriseAdmin));
        assert!(at(EmpLevel::Enterprise).contains(&Role::EnterpriseAdmin));
        assert!(!at(EmpLevel::Enterprise).contains(&Role::SuperAdmin));
    }
}
