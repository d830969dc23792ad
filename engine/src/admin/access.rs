//! What a signed-in user may do, for the UI to know before it asks: each flag is one of the
//! role rules the server enforces, read from the same constants, so the UI keeps no copy of
//! any role list (issue 35). The server still checks every call.

use super::{
    ASSISTANT_ADMINS, PLATFORM_ADMINS, TELEPHONY_ADMINS, TENANT_ADMINS, USER_MANAGERS,
    developer::DEVELOPERS, levels_grantable_by, roles_grantable_by,
};
use crate::domain::{EmpLevel, MANAGER_ROLES, Role, SUPER_ROLES};

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
    /// The roles the user may give, in the set's order.
    pub grantable_roles: Vec<Role>,
    /// The levels at which the user may employ others.
    pub grantable_levels: &'static [EmpLevel],
    /// For each of those levels, the grantable roles a user there may hold.
    pub grantable_roles_by_level: Vec<(EmpLevel, Vec<Role>)>,
}

impl Access {
    pub fn of(roles: &[Role], level: EmpLevel) -> Self {
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
            grantable_roles,
            grantable_levels,
            grantable_roles_by_level,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_store_manager_manages_store_staff_only() {
        let access = Access::of(&[Role::OfficeManager], EmpLevel::Store);
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
        let access = Access::of(&[Role::SalesRep], EmpLevel::Store);
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
                grantable_roles: Vec::new(),
                grantable_levels: &[],
                grantable_roles_by_level: Vec::new(),
            }
        );
    }

    #[test]
    fn the_platform_gives_every_role_at_every_level() {
        let access = Access::of(&[Role::SuperAdmin], EmpLevel::Platform);
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
