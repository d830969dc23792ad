//! Administration (issue 20): enterprises, dealers and stores, users, and the audit of every
//! change. The spec gives no role rules for this area (H-R9); the ones here are decided in
//! docs/decisions/0011-administration.md and enforced only here; [`Access`] tells the UI what
//! they allow a user.

pub mod access;
pub mod assistants;
pub mod audit;
pub mod chat;
pub mod developer;
pub mod telephony;
pub mod tenants;
pub mod unmapped;
pub mod users;
pub mod virtual_records;

use crate::auth::{Caller, Scope};
use crate::domain::{EmpLevel, Role};
use crate::error::{Error, Result};

pub use access::Access;
pub use assistants::{ASSISTANT_ADMINS, AssistantAdmin};
pub use audit::{AuditChange, AuditEntry, AuditLog};
pub use chat::ChatAdmin;
pub use telephony::{TELEPHONY_ADMINS, Telephony};
pub use tenants::TenantAdmin;
pub use unmapped::UnmappedCodes;
pub use users::UserAdmin;
pub use virtual_records::VirtualRecords;

/// Create, deactivate and reactivate enterprises: the platform operators.
pub const PLATFORM_ADMINS: &[Role] = &[Role::SuperAdmin];

/// Administer one enterprise (its name and logo, dealers, stores, numbers, gateways,
/// assistants, users) and read its audit log.
pub const TENANT_ADMINS: &[Role] = &[
    Role::SuperAdmin,
    Role::EnterpriseAdmin,
    Role::CorporateAdmin,
];

/// Manage users: the tenant admins, and dealer and store managers for their own staff.
pub const USER_MANAGERS: &[Role] = &[
    Role::SuperAdmin,
    Role::EnterpriseAdmin,
    Role::CorporateAdmin,
    Role::DivisionManager,
    Role::OfficeManager,
];

/// Roles a dealer (division) manager may give: store staff and store managers.
const DIVISION_GRANTS: &[Role] = &[Role::OfficeManager, Role::SalesRep, Role::OfficeUser];
/// Roles a store (office) manager may give: store staff.
const OFFICE_GRANTS: &[Role] = &[Role::SalesRep, Role::OfficeUser];

/// The roles `caller` may give to a user, and so the users they may manage (a user is
/// managed only by someone who could have given them every role they hold).
pub fn grantable_roles(caller: &Caller) -> Vec<Role> {
    roles_grantable_by(&caller.roles)
}

fn roles_grantable_by(roles: &[Role]) -> Vec<Role> {
    let holds = |role: Role| roles.contains(&role);
    if PLATFORM_ADMINS.iter().any(|r| holds(*r)) {
        return Role::ALL.to_vec();
    }
    if holds(Role::EnterpriseAdmin) || holds(Role::CorporateAdmin) {
        return Role::ALL
            .iter()
            .copied()
            .filter(|r| *r != Role::SuperAdmin)
            .collect();
    }
    let mut given = Vec::new();
    if holds(Role::DivisionManager) {
        given.extend_from_slice(DIVISION_GRANTS);
    }
    if holds(Role::OfficeManager) {
        for role in OFFICE_GRANTS {
            if !given.contains(role) {
                given.push(*role);
            }
        }
    }
    given
}

/// The levels at which `caller` may employ a user: never wider than their own view.
pub fn grantable_levels(caller: &Caller) -> &'static [EmpLevel] {
    levels_grantable_by(&caller.roles, caller.emp_level)
}

fn levels_grantable_by(roles: &[Role], level: EmpLevel) -> &'static [EmpLevel] {
    // The tenant admins employ at every level; managers within their own view.
    if roles.iter().any(|r| TENANT_ADMINS.contains(r)) {
        return &[EmpLevel::Enterprise, EmpLevel::Boc, EmpLevel::Store];
    }
    match level {
        EmpLevel::Platform | EmpLevel::Enterprise => {
            &[EmpLevel::Enterprise, EmpLevel::Boc, EmpLevel::Store]
        }
        EmpLevel::Boc => &[EmpLevel::Boc, EmpLevel::Store],
        EmpLevel::Store => &[EmpLevel::Store],
    }
}

/// Refuses roles the caller may not give (403: the caller is known, the action is not theirs).
pub fn check_grant(caller: &Caller, roles: &[Role], level: EmpLevel) -> Result<()> {
    let allowed = grantable_roles(caller);
    if let Some(role) = roles.iter().find(|r| !allowed.contains(r)) {
        return Err(Error::Forbidden(format!(
            "You may not give the role {role}"
        )));
    }
    if !grantable_levels(caller).contains(&level) {
        return Err(Error::Forbidden(format!(
            "You may not employ users at the {level} level"
        )));
    }
    let misfits: Vec<String> = roles
        .iter()
        .filter(|role| !role.fits(level))
        .map(|role| {
            format!(
                "A {level}-level user cannot hold {role}: it needs a user at the {} level or wider",
                role.narrowest_level()
            )
        })
        .collect();
    if !misfits.is_empty() {
        return Err(Error::invalid_all(misfits));
    }
    Ok(())
}

/// The scope an administrative request works in: the tenant admins' whole enterprise, or the
/// caller's own dealer or store for managers.
pub fn admin_scope(caller: &Caller, enterprise_id: i64) -> Result<Scope> {
    caller.scope(Some(enterprise_id))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caller(roles: &[Role], level: EmpLevel) -> Caller {
        Caller {
            user_id: 1,
            session_id: 1,
            username: "u".into(),
            roles: roles.to_vec(),
            emp_level: level,
            enterprise_id: Some(1),
            boc_id: Some(2),
            store_id: Some(3),
            calling_feature: false,
            real_time_sync: true,
        }
    }

    #[test]
    fn only_the_platform_gives_super_admin() {
        let admin = caller(&[Role::EnterpriseAdmin], EmpLevel::Enterprise);
        assert!(!grantable_roles(&admin).contains(&Role::SuperAdmin));
        assert!(grantable_roles(&admin).contains(&Role::SuperDataAdmin));
        let platform = caller(&[Role::SuperAdmin], EmpLevel::Platform);
        assert_eq!(grantable_roles(&platform).len(), Role::ALL.len());
    }

    #[test]
    fn managers_give_store_roles_at_their_own_level_or_below() {
        let office = caller(&[Role::OfficeManager], EmpLevel::Store);
        assert!(check_grant(&office, &[Role::SalesRep], EmpLevel::Store).is_ok());
        assert!(check_grant(&office, &[Role::OfficeManager], EmpLevel::Store).is_err());
        assert!(check_grant(&office, &[Role::SalesRep], EmpLevel::Boc).is_err());
        let division = caller(&[Role::DivisionManager], EmpLevel::Boc);
        assert!(check_grant(&division, &[Role::OfficeManager], EmpLevel::Store).is_ok());
        assert!(check_grant(&division, &[Role::DivisionManager], EmpLevel::Boc).is_err());
        assert!(check_grant(&division, &[Role::SalesRep], EmpLevel::Enterprise).is_err());
    }

    #[test]
    fn staff_give_nothing() {
        let rep = caller(&[Role::SalesRep], EmpLevel::Store);
        assert!(grantable_roles(&rep).is_empty());
    }
}
