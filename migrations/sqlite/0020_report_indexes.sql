-- Reports: the customer type (a sale on file), opt-outs by day, bookings by day, sign-ins by day.
CREATE INDEX sales_customer ON sales (customer_id);
CREATE INDEX customers_store_opted_out ON customers (store_id, opted_out_at);
CREATE INDEX service_appointments_store_created ON service_appointments (store_id, created_at);
CREATE INDEX login_attempts_at ON login_attempts (attempted_at);
