-- The staff's note of a call is theirs alone: it was also written as a step the seller reads in /my/buyback. The audit row of each of these steps keeps the note.
UPDATE "buyback_events" SET "note" = '' WHERE "status" = 'contacted' AND "actor" = 'staff' AND "note" <> '';
