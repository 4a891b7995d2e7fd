-- A migration whose statement fails: for the test that a failed schema statement stops the start
ALTER TABLE NO_SUCH_TABLE ADD COLUMN NOTE VARCHAR(100);
