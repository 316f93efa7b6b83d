-- Takes places of one ticket on several days in one statement: all of them (true) or none (false).
-- Each day's row is locked by the upsert; under read committed the WHERE is evaluated again on
-- the newest version of a row another buyer just changed, so concurrent buyers never take more
-- than the capacity. A day without enough places undoes the days already taken (the block's
-- subtransaction) and answers false: no error, so the connection that asked stays in its pool.
CREATE FUNCTION take_ticket_places(p_ticket integer, p_days date[], p_counts integer[], p_capacity integer)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  i integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_days, 1), 0) LOOP
    IF p_counts[i] > p_capacity THEN
      RAISE EXCEPTION 'sold out' USING ERRCODE = 'SN001';
    END IF;
    INSERT INTO ticket_day_places AS places (ticket_id, day, taken)
      VALUES (p_ticket, p_days[i], p_counts[i])
      ON CONFLICT (ticket_id, day) DO UPDATE SET taken = places.taken + p_counts[i]
      WHERE places.taken + p_counts[i] <= p_capacity;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'sold out' USING ERRCODE = 'SN001';
    END IF;
  END LOOP;
  RETURN true;
EXCEPTION WHEN SQLSTATE 'SN001' THEN
  RETURN false;
END;
$$;
