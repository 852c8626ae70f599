// An example bot for zhengfen's bot protocol (BOTS.md), in Java 17's standard library alone.
//
//   javac -d examples/bots/java examples/bots/java/Bot.java
//   zhengfen bot check 'java -cp examples/bots/java Bot'
//   zhengfen arena --agents 'process(cmd="java -cp examples/bots/java Bot"),random'
//
// It reads one JSON object a line on standard input and answers `hello` and `decision` lines on
// standard output; every other message is ignored. The strategy (the same in the C, JavaScript
// and Python examples) reads each legal move's notation, `KIND RANK LENGTH: CARDS`:
//  - a move that plays the whole hand is played at once;
//  - in Zen Cheng You's declarations (`blind`, `declare`) the bot passes;
//  - leading, it plays the lowest card it holds in the longest combination that holds it,
//    keeping back jokers, 2s, bombs, specials and straight flushes ("precious" moves);
//  - following, it passes over its partner's play (Zen Cheng You), else plays the cheapest move
//    that beats the table; a precious move only when the trick holds card points or its hand is
//    short.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class Bot {
    // Rank order of the notation (CONFORMANCE.md §1), low to high; a move's value is its index.
    static final List<String> RANKS = Arrays.asList(("3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ joker"
            + " mixed_5_10_k suited_5_10_k four_twos").split(" "));
    static final List<String> PRECIOUS_KINDS = List.of("bomb", "special", "straight_flush");
    static final int SHORT_HAND = 6; // with this many cards or fewer, precious moves may be spent
    static final int WORTH_FIGHTING = 10; // card points in the trick that justify a precious move
    static final String HELLO = "{\"type\":\"hello\",\"protocol\":1,\"name\":\"example-java\","
            + "\"games\":{\"zheng_fen\":[3,4,5,6],\"zen_cheng_you\":[4]}}";

    /** One legal move read from its notation: `pass`, `blind`, `declare` or a combination. */
    record Move(int index, String kind, int value, List<String> cards) {
        static Move read(int index, String text) {
            List<String> cards = notationCards(text);
            if (cards.isEmpty()) return new Move(index, text.trim(), -1, cards);
            String[] head = text.substring(0, text.indexOf(':')).trim().split("\\s+");
            return new Move(index, head[0], RANKS.indexOf(head[1]), cards);
        }

        /** Jokers, 2s, bombs, specials and straight flushes are kept for when they matter. */
        boolean precious() {
            if (PRECIOUS_KINDS.contains(kind)) return true;
            for (String c : cards) {
                String r = cardRank(c);
                if (r.equals("2") || r.equals("BJ") || r.equals("RJ")) return true;
            }
            return false;
        }

        /** The rank index of the lowest card the move plays. */
        int lowestCard() {
            int low = Integer.MAX_VALUE;
            for (String c : cards) low = Math.min(low, RANKS.indexOf(cardRank(c)));
            return low;
        }
    }

    /** The rank of a card token: `10h` -> `10`, `BJ` -> `BJ`. */
    static String cardRank(String card) {
        return card.equals("BJ") || card.equals("RJ") ? card : card.substring(0, card.length() - 1);
    }

    /** The cards of a combination's notation (after the colon); none for pass/blind/declare. */
    static List<String> notationCards(String text) {
        int colon = text.indexOf(':');
        List<String> cards = new ArrayList<>();
        if (colon < 0) return cards;
        for (String c : text.substring(colon + 1).trim().split("\\s+")) {
            if (!c.isEmpty()) cards.add(c);
        }
        return cards;
    }

    /** The card points already played in the current trick (`[seat, notation]` pairs). */
    static int trickPoints(List<?> trick) {
        int total = 0;
        for (Object pair : trick) {
            for (String c : notationCards((String) ((List<?>) pair).get(1))) {
                String r = cardRank(c);
                total += r.equals("5") ? 5 : (r.equals("10") || r.equals("K")) ? 10 : 0;
            }
        }
        return total;
    }

    /** The first move of `pool` with the smallest key (compared element by element). */
    static Move smallest(List<Move> pool, java.util.function.Function<Move, int[]> key) {
        Move best = pool.get(0);
        for (Move m : pool) if (Arrays.compare(key.apply(m), key.apply(best)) < 0) best = m;
        return best;
    }

    /** The index of the move to play among `legal` (notations, as the engine lists them). */
    static int choose(String game, Map<?, ?> observation, List<?> legal) {
        List<Move> plays = new ArrayList<>(), cheap = new ArrayList<>();
        Move pass = null;
        boolean declaring = false;
        for (int i = 0; i < legal.size(); i++) {
            Move m = Move.read(i, (String) legal.get(i));
            if (m.kind.equals("pass") && pass == null) pass = m;
            if (m.kind.equals("blind") || m.kind.equals("declare")) declaring = true;
            if (!m.cards.isEmpty()) plays.add(m);
            if (!m.cards.isEmpty() && !m.precious()) cheap.add(m);
        }
        if (declaring && pass != null) return pass.index; // declarations: never bet on going first
        Object hand = observation.get("hand");
        int handSize = notationCards(":" + (hand == null ? "" : hand)).size();
        for (Move m : plays) if (m.cards.size() == handSize) return m.index; // goes out
        if (pass == null) { // a lead: shed the lowest card in the longest combination holding it
            List<Move> pool = cheap.isEmpty() ? plays : cheap;
            return smallest(pool, m -> new int[] {m.lowestCard(), -m.cards.size(), m.value}).index;
        }
        Object tablePlayer = observation.get("table_player"), seat = observation.get("seat");
        if (game.equals("zen_cheng_you") && tablePlayer instanceof Long t && seat instanceof Long s
                && t % 2 == s % 2) return pass.index; // the partner holds the trick
        Object trick = observation.get("trick");
        boolean worth = trick instanceof List<?> l && trickPoints(l) >= WORTH_FIGHTING;
        boolean spend = worth || handSize <= SHORT_HAND;
        List<Move> pool = !cheap.isEmpty() ? cheap : spend ? plays : cheap;
        if (pool.isEmpty()) return pass.index;
        return smallest(pool, m -> new int[] {m.value, m.cards.size()}).index;
    }

    /** A tiny JSON reader: objects to maps, arrays to lists, integers to Long, others as read. */
    static final class Json {
        final String s;
        int i;

        Json(String s) { this.s = s; }

        Object value() {
            ws();
            char c = s.charAt(i);
            if (c == '{') return object();
            if (c == '[') return array();
            if (c == '"') return string();
            if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
            if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
            if (s.startsWith("null", i)) { i += 4; return null; }
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
            String n = s.substring(start, i);
            try {
                return Long.parseLong(n);
            } catch (NumberFormatException e) {
                return Double.parseDouble(n);
            }
        }

        Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            i++;
            for (ws(); s.charAt(i) != '}'; ws()) {
                String key = string();
                ws();
                i++; // ':'
                map.put(key, value());
                ws();
                if (s.charAt(i) == ',') i++;
            }
            i++;
            return map;
        }

        List<Object> array() {
            List<Object> list = new ArrayList<>();
            i++;
            for (ws(); s.charAt(i) != ']'; ws()) {
                list.add(value());
                ws();
                if (s.charAt(i) == ',') i++;
            }
            i++;
            return list;
        }

        String string() {
            StringBuilder out = new StringBuilder();
            for (i++; s.charAt(i) != '"'; i++) {
                char c = s.charAt(i);
                if (c != '\\') { out.append(c); continue; }
                c = s.charAt(++i);
                switch (c) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                        i += 4;
                    }
                    default -> out.append(c); // \" \\ \/
                }
            }
            i++;
            return out.toString();
        }

        void ws() { while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++; }
    }

    public static void main(String[] args) throws Exception {
        var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String game = "zheng_fen";
        for (String line; (line = in.readLine()) != null; ) {
            if (line.isBlank()) continue; // blank lines are skipped
            Map<?, ?> message = (Map<?, ?>) new Json(line).value();
            Object type = message.get("type");
            if ("hello".equals(type)) {
                send(HELLO);
            } else if ("game".equals(type) && message.get("rules") instanceof Map<?, ?> rules) {
                if (rules.get("game") instanceof String g) game = g;
            } else if ("decision".equals(type)) {
                var observation = (Map<?, ?>) message.get("observation");
                int index = choose(game, observation, (List<?>) message.get("legal"));
                send("{\"type\":\"move\",\"id\":" + message.get("id") + ",\"index\":"
                        + index + "}");
            } else if ("bye".equals(type)) {
                break;
            } // any other type (match_end, game_end, fault, ...) needs no answer: ignored
        }
        System.exit(0);
    }

    /** One line on standard output, flushed at once (BOTS.md §1). */
    static void send(String line) {
        System.out.print(line + "\n");
        System.out.flush();
    }
}
