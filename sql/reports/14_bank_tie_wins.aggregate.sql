-- 14 bank_tie_wins, read from the aggregates: the rows of 14_bank_tie_wins.sql from
-- report_player_totals, then the total row '*' that is always there.
SELECT bank, hands
FROM (
    SELECT 0 AS is_total, p.name AS bank, t.bank_tie_wins AS hands
    FROM report_player_totals t
    JOIN players p ON p.id = t.player_id
    WHERE t.bank_tie_wins > 0
    UNION ALL
    SELECT 1 AS is_total, '*' AS bank, COALESCE(SUM(t.bank_tie_wins), 0) AS hands
    FROM report_player_totals t
) x
ORDER BY is_total, LOWER(bank), bank
