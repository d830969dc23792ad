//! Who is calling, and which slice of which enterprise they may see.

use sea_query::{Alias, Expr, ExprTrait, IntoIden, SelectStatement};

use crate::domain::{EmpLevel, Role};
use crate::error::{Error, Result};
use crate::store::users::UserProfile;

/// The signed-in user behind a request.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: i64,
    pub session_id: i64,
    pub username: String,
    pub roles: Vec<Role>,
    pub emp_level: EmpLevel,
    pub enterprise_id: Option<i64>,
    pub boc_id: Option<i64>,
    pub store_id: Option<i64>,
    /// May log calls (the per-user flag `callingFeature`, spec H-R15).
    pub calling_feature: bool,
    /// Takes the live event stream (the per-user flag `realTimeSync`, spec H-R15); without it
    /// the screens refresh on their own.
    pub real_time_sync: bool,
}

/// The records a request may touch: one enterprise, optionally narrowed to a dealer or a store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    pub enterprise_id: i64,
    pub boc_id: Option<i64>,
    pub store_id: Option<i64>,
}

impl Caller {
    pub fn from_profile(profile: &UserProfile, session_id: i64) -> Self {
        Self {
            user_id: profile.id,
            session_id,
            username: profile.username.clone(),
            roles: profile.roles.clone(),
            emp_level: profile.emp_level,
            enterprise_id: profile.enterprise_id,
            boc_id: profile.boc_id,
            store_id: profile.store_id,
            calling_feature: profile.calling_feature,
            real_time_sync: profile.real_time_sync,
        }
    }

    /// Platform operators (SUPER_ADMIN) work across enterprises; everyone else inside their own.
    pub fn is_platform(&self) -> bool {
        self.roles.contains(&Role::SuperAdmin)
    }

    /// Whether `other` (the same user, read again) may see exactly what this caller may.
    pub fn has_same_access(&self, other: &Caller) -> bool {
        self.user_id == other.user_id
            && self.roles == other.roles
            && self.emp_level == other.emp_level
            && self.enterprise_id == other.enterprise_id
            && self.boc_id == other.boc_id
            && self.store_id == other.store_id
            && self.real_time_sync == other.real_time_sync
    }

    pub fn has_any(&self, roles: &[Role]) -> bool {
        self.roles.iter().any(|r| roles.contains(r))
    }

    pub fn require_any(&self, roles: &[Role]) -> Result<()> {
        if self.has_any(roles) {
            Ok(())
        } else {
            Err(Error::Forbidden(
                "Your role does not allow this action".to_owned(),
            ))
        }
    }

    /// The scope of a request that names (or implies) an enterprise. Naming another
    /// enterprise than one's own answers "not found", exactly as a missing one would.
    pub fn scope(&self, requested_enterprise: Option<i64>) -> Result<Scope> {
        if self.is_platform() {
            let enterprise_id = requested_enterprise.or(self.enterprise_id).ok_or_else(|| {
                Error::invalid("enterpriseId is required for users outside an enterprise")
            })?;
            return Ok(Scope {
                enterprise_id,
                boc_id: None,
                store_id: None,
            });
        }
        let own = self
            .enterprise_id
            .ok_or_else(|| Error::Forbidden("Your account has no enterprise".to_owned()))?;
        if requested_enterprise.is_some_and(|requested| requested != own) {
            return Err(Error::not_found("Enterprise not found"));
        }
        let (boc_id, store_id) = match self.emp_level {
            EmpLevel::Platform | EmpLevel::Enterprise => (None, None),
            EmpLevel::Boc => (self.boc_id, None),
            EmpLevel::Store => (self.boc_id, self.store_id),
        };
        Ok(Scope {
            enterprise_id: own,
            boc_id,
            store_id,
        })
    }
}

impl Scope {
    /// Whether the scope is a whole enterprise (not one dealer's or one store's part of it).
    pub fn is_whole_enterprise(&self) -> bool {
        self.boc_id.is_none() && self.store_id.is_none()
    }

    /// Whether a record owned by this enterprise, dealer and store is inside the scope.
    pub fn contains(&self, enterprise_id: i64, boc_id: Option<i64>, store_id: Option<i64>) -> bool {
        enterprise_id == self.enterprise_id
            && self.boc_id.is_none_or(|b| boc_id == Some(b))
            && self.store_id.is_none_or(|s| store_id == Some(s))
    }

    /// Narrows a query on `table` to the scope, through its `enterprise_id`, `boc_id` and
    /// `store_id` columns (`has_boc` says whether the table carries `boc_id`; one that does
    /// not is narrowed to a dealer through its stores). Every store query goes through here.
    pub fn restrict<T>(&self, query: &mut SelectStatement, table: T, has_boc: bool)
    where
        T: IntoIden + Clone,
    {
        query.and_where(
            Expr::col((table.clone(), Alias::new("enterprise_id"))).eq(self.enterprise_id),
        );
        match (self.boc_id, has_boc) {
            (Some(boc_id), true) => {
                query.and_where(Expr::col((table.clone(), Alias::new("boc_id"))).eq(boc_id));
            }
            // A table without the dealer: through its store's.
            (Some(boc_id), false) => {
                query.and_where(
                    Expr::col((table.clone(), Alias::new("store_id"))).in_subquery(
                        sea_query::Query::select()
                            .column(Alias::new("id"))
                            .from(Alias::new("stores"))
                            .and_where(Expr::col(Alias::new("boc_id")).eq(boc_id))
                            .to_owned(),
                    ),
                );
            }
            (None, _) => {}
        }
        if let Some(store_id) = self.store_id {
            query.and_where(Expr::col((table, Alias::new("store_id"))).eq(store_id));
        }
    }
}

impl Scope {
    /// Narrows a query on the stores table itself (whose `id` is the store) to the scope.
    pub fn restrict_stores<T>(&self, query: &mut SelectStatement, stores: T)
    where
        T: IntoIden + Clone,
    {
        query.and_where(
            Expr::col((stores.clone(), Alias::new("enterprise_id"))).eq(self.enterprise_id),
        );
        if let Some(boc_id) = self.boc_id {
            query.and_where(Expr::col((stores.clone(), Alias::new("boc_id"))).eq(boc_id));
        }
        if let Some(store_id) = self.store_id {
            query.and_where(Expr::col((stores, Alias::new("id"))).eq(store_id));
        }
    }
}

/// The stores a search keeps, inside the caller's scope: all of them, or exactly these. An
/// empty list keeps nothing: a caller whose stores are all gone sees nothing, never more.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum StoreFilter {
    #[default]
    All,
    Only(Vec<i64>),
}

impl StoreFilter {
    /// Narrows a query on `table` (through its `store_id`) to the filter's stores.
    pub fn apply<T>(&self, query: &mut SelectStatement, table: T)
    where
        T: IntoIden,
    {
        if let Self::Only(ids) = self {
            if ids.is_empty() {
                query.and_where(Expr::val(1).eq(2));
            } else {
                query.and_where(Expr::col((table, Alias::new("store_id"))).is_in(ids.clone()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caller(roles: &[Role], level: EmpLevel, enterprise: Option<i64>) -> Caller {
        Caller {
            user_id: 7,
            session_id: 1,
            username: "u".into(),
            roles: roles.to_vec(),
            emp_level: level,
            enterprise_id: enterprise,
            boc_id: Some(3),
            store_id: Some(9),
            calling_feature: false,
            real_time_sync: true,
        }
    }

    #[test]
    fn another_enterprise_is_not_found_for_enterprise_users() {
        let rep = caller(&[Role::SalesRep], EmpLevel::Enterprise, Some(1));
        assert!(matches!(rep.scope(Some(2)), Err(Error::NotFound(_))));
        assert_eq!(rep.scope(Some(1)).unwrap().enterprise_id, 1);
        assert_eq!(rep.scope(None).unwrap().enterprise_id, 1);
    }

    #[test]
    fn store_level_users_are_narrowed_to_their_store() {
        let advisor = caller(&[Role::OfficeUser], EmpLevel::Store, Some(1));
        let scope = advisor.scope(None).unwrap();
        assert_eq!((scope.boc_id, scope.store_id), (Some(3), Some(9)));
        assert!(scope.contains(1, Some(3), Some(9)));
        assert!(!scope.contains(1, Some(3), Some(10)));
    }

    #[test]
    fn an_empty_store_list_keeps_nothing_and_a_dealer_reaches_tables_without_one() {
        use sea_query::{Query, SqliteQueryBuilder};
        let mut query = Query::select()
            .column(Alias::new("id"))
            .from(Alias::new("appointments"))
            .to_owned();
        let dealer = Scope {
            enterprise_id: 1,
            boc_id: Some(3),
            store_id: None,
        };
        dealer.restrict(&mut query, Alias::new("appointments"), false);
        StoreFilter::Only(Vec::new()).apply(&mut query, Alias::new("appointments"));
        let sql = query.to_string(SqliteQueryBuilder);
        assert!(sql.contains(r#""boc_id" = 3"#), "{sql}");
        assert!(sql.contains("1 = 2"), "{sql}");
    }

    #[test]
    fn platform_users_choose_an_enterprise() {
        let admin = caller(&[Role::SuperAdmin], EmpLevel::Platform, None);
        assert_eq!(admin.scope(Some(2)).unwrap().enterprise_id, 2);
        assert!(matches!(admin.scope(None), Err(Error::Validation { .. })));
    }

    #[test]
    fn roles_are_checked_by_membership() {
        let rep = caller(
            &[Role::SalesRep, Role::OfficeUser],
            EmpLevel::Store,
            Some(1),
        );
        assert!(rep.require_any(&[Role::OfficeUser]).is_ok());
        assert!(matches!(
            rep.require_any(&[Role::SuperAdmin]),
            Err(Error::Forbidden(_))
        ));
    }
}
