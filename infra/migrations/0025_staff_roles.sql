-- Staff accounts: the staff roles a customer holds (`Customer.StaffRolesGranted` from an
-- accepted `StaffInvitation`, `Customer.StaffRolesRevoked`), read by the staff checks
-- (`kernel::staff`) for a signed-in session. Empty for a customer who is not staff.
ALTER TABLE customers ADD COLUMN staff_roles text[] NOT NULL DEFAULT '{}';
