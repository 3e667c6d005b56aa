-- An operator asked the customer for a new password (`Customer.PasswordChangeRequired`,
-- `storefront accounts require-password-change`): sign-in answers `passwordChangeRequired`
-- until the next `PasswordChanged` clears it.
ALTER TABLE customers ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;
