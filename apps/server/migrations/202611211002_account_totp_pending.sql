-- A TOTP secret offered by /account/totp/setup waits here until the user proves it with a code;
-- only then does it move to totp_secret and totp_enabled becomes true.
alter table users add column totp_pending_secret text;
