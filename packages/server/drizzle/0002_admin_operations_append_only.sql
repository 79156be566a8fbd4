-- The operations log is append-only: players and admins can trust that no row is changed or removed afterwards.
CREATE FUNCTION admin_operations_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_operations is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_operations_no_update_delete BEFORE UPDATE OR DELETE ON admin_operations
  FOR EACH ROW EXECUTE FUNCTION admin_operations_append_only();
--> statement-breakpoint
CREATE TRIGGER admin_operations_no_truncate BEFORE TRUNCATE ON admin_operations
  FOR EACH STATEMENT EXECUTE FUNCTION admin_operations_append_only();
