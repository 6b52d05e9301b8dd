package io.structbridge.jackson;

import io.structbridge.runtime.FixedStrings;
import io.structbridge.runtime.StructValueException;
import io.structbridge.runtime.TextEncoding;
import java.lang.foreign.MemorySegment;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamContext;

/**
 * Strict token readers that generated {@code RJson} codecs call. Each takes the parser positioned
 * on the value's token and either returns the value or throws {@link StructJsonException}; none
 * coerces: no float to int, no string to number, no rounding, no null.
 */
public final class JsonReading {
    private JsonReading() {}

    /** The largest scratch struct kept on the Java heap, in bytes. */
    private static final long HEAP_SCRATCH = 1 << 20;

    /**
     * {@return zeroed scratch memory for one struct of {@code size} bytes, 8-byte aligned} On the heap (a
     * {@code long[]}) up to 1 MiB; larger structs get native memory freed by the garbage collector
     * ({@code Arena.ofAuto()}), so a struct with a large text member needs no large Java heap. The size is never
     * narrowed to an {@code int}.
     *
     * @param size the struct size in bytes
     */
    public static MemorySegment scratch(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("negative struct size " + size);
        }
        if (size <= HEAP_SCRATCH) {
            return MemorySegment.ofArray(new long[(int) ((size + 7) / 8)]);
        }
        return java.lang.foreign.Arena.ofAuto().allocate(size, 8);
    }

    /** {@return the JSON path of the current token, {@code $.a.b[3]}} */
    public static String path(JsonParser p) {
        StringBuilder b = new StringBuilder("$");
        TokenStreamContext c = p.streamReadContext();
        if (c != null && (p.currentToken() == JsonToken.START_ARRAY || p.currentToken() == JsonToken.START_OBJECT)) {
            c = c.getParent(); // the token opens a context of its own; the value sits in the enclosing one
        }
        append(c, b);
        if (b.length() > 200) { // deep nesting (a limit error): keep both ends
            return b.substring(0, 100) + "..." + b.substring(b.length() - 60);
        }
        return b.toString();
    }

    private static void append(TokenStreamContext c, StringBuilder b) {
        if (c == null || c.inRoot()) {
            return;
        }
        append(c.getParent(), b);
        if (c.inArray()) {
            b.append('[').append(Math.max(c.getCurrentIndex(), 0)).append(']');
        } else if (c.inObject() && c.currentName() != null) {
            String n = c.currentName();
            if (n.matches("[A-Za-z_$][A-Za-z0-9_$]*")) {
                b.append('.').append(n);
            } else {
                b.append("['").append(n.replace("\\", "\\\\").replace("'", "\\'")).append("']");
            }
        }
    }

    /**
     * {@return a parser error (malformed JSON, a duplicate key the parser refused, a {@code StreamReadConstraints}
     * limit) as a {@link StructJsonException} with path and position} Jackson's own text is kept, without
     * its note that the source is not shown.
     *
     * @param p the parser
     * @param struct the record's simple name
     * @param e what the parser threw
     */
    public static StructJsonException malformed(JsonParser p, String struct, JacksonException e) {
        tools.jackson.core.TokenStreamLocation at = e.getLocation() != null && e.getLocation().getLineNr() > 0
                ? e.getLocation() : p.currentLocation();
        String text = String.valueOf(e.getOriginalMessage())
                .replace("Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); ", "")
                .replace(" (start marker at [byte offset: #UNKNOWN])", "");
        String kind = e instanceof tools.jackson.core.exc.StreamConstraintsException ? "JSON over a parser limit: " : "malformed JSON: ";
        return new StructJsonException(p, path(p), struct, kind + text, e, -1, at);
    }

    /**
     * Called at the {@code ]} that closes an array of records: when that array is the whole document,
     * fails if anything follows it; when it is nested (a property read by {@code StructJsonModule}),
     * leaves the parser on the {@code ]}, as databind expects of a deserializer.
     *
     * @param p the parser, on {@code END_ARRAY}
     */
    public static void endOfInput(JsonParser p) {
        if (p.streamReadContext().inRoot() && p.nextToken() != null) {
            throw error(p, "(document)", "unexpected content after the array of records");
        }
    }

    /**
     * Called when a batch read finds the end of input before its first record: fails if the document had no
     * content at all (empty, or only whitespace), which databind refuses too ({@code "No content to map due
     * to end-of-input"}); an empty JSON array {@code []} holds zero records, and a parser that already read
     * records before (JSON Lines read in steps) simply has no more.
     *
     * @param p the parser, at the end of input
     * @param struct the record's simple name
     * @throws StructJsonException if the document has no JSON value at all
     */
    public static void noRecords(JsonParser p, String struct) {
        TokenStreamContext root = p.streamReadContext();
        while (root != null && !root.inRoot()) {
            root = root.getParent();
        }
        if (root != null && root.getEntryCount() == 0) {
            throw error(p, struct, "no content: the document is empty or only whitespace (zero records are [])");
        }
    }

    /**
     * Fails if anything follows the value just read, which was the whole document: the check databind
     * makes with {@code FAIL_ON_TRAILING_TOKENS}, made before the value is stored.
     *
     * @param p the parser, on the value's last token
     */
    public static void endOfDocument(JsonParser p) {
        try {
            if (p.nextToken() != null) {
                throw error(p, "(document)", "unexpected content after the object: " + describe(p));
            }
        } catch (StructJsonException e) {
            throw e;
        } catch (JacksonException e) {
            throw malformed(p, "(document)", e);
        }
    }

    /** {@return an error at the current token} */
    public static StructJsonException error(JsonParser p, String field, String rule) {
        return new StructJsonException(p, path(p), field, rule, null);
    }

    /** {@return an error for a value the native layout refuses} */
    public static StructJsonException error(JsonParser p, String field, StructValueException e) {
        return new StructJsonException(p, path(p), field, e.rule() + (e.value() == null ? "" : "; value " + e.value()), e);
    }

    private static StructJsonException wrongToken(JsonParser p, String field, String expected) {
        return error(p, field, "expected " + expected + ", got " + describe(p));
    }

    /** {@return the current token in words, for messages: {@code the integer 5}, {@code an array}, {@code end of input}} */
    public static String describe(JsonParser p) {
        JsonToken t = p.currentToken();
        return t == null ? "end of input" : switch (t) {
            case VALUE_NULL -> "null (native structs have no null)";
            case VALUE_NUMBER_FLOAT -> "the non-integral number " + abbreviate(p.getString()) + " (no rounding)";
            case VALUE_STRING -> "the string \"" + abbreviate(p.getString()) + "\" (no coercion)";
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_NUMBER_INT -> "the integer " + abbreviate(p.getString());
            case VALUE_TRUE, VALUE_FALSE -> t.asString();
            case VALUE_EMBEDDED_OBJECT -> "an embedded object";
            default -> t.asString() != null ? "'" + t.asString() + "'" : t.name();
        };
    }

    /**
     * After an error inside the record that began in context {@code parent}'s child, moves the parser to
     * that record's last token, so the next read starts at the next record. Gives up quietly on
     * malformed JSON (the caller is already throwing the first error).
     *
     * @param p the parser, somewhere inside the failed record
     * @param parent the context that holds the record
     * @return whether the parser reached the record's end
     */
    public static boolean skipRest(JsonParser p, TokenStreamContext parent) {
        try {
            if (p.currentToken() == JsonToken.START_OBJECT || p.currentToken() == JsonToken.START_ARRAY) {
                p.skipChildren();
            }
            while (p.streamReadContext() != parent && p.nextToken() != null) {
                if (p.currentToken() == JsonToken.START_OBJECT || p.currentToken() == JsonToken.START_ARRAY) {
                    p.skipChildren();
                }
            }
            return p.streamReadContext() == parent;
        } catch (JacksonException e) {
            return false;
        }
    }

    /** {@return the context holding the record whose first token is current: the parent of the context a '{' or '[' opens} */
    public static TokenStreamContext recordParent(JsonParser p) {
        JsonToken t = p.currentToken();
        return t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY ? p.streamReadContext().getParent() : p.streamReadContext();
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    /**
     * {@return the integer at the current token, if it lies in {@code [min, max]}}
     *
     * @param p the parser on the value token
     * @param min the smallest value the field holds
     * @param max the largest value the field holds
     * @param ctype the C type for the message
     * @param field the struct field for the message
     */
    public static long readLong(JsonParser p, long min, long max, String ctype, String field) {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw wrongToken(p, field, "an integer (" + ctype + ")");
        }
        JsonParser.NumberType type = p.getNumberType();
        if (type == JsonParser.NumberType.BIG_INTEGER) {
            throw error(p, field, "must fit " + ctype + " (" + min + ".." + max + "); value " + p.getString());
        }
        long v = p.getLongValue();
        if (v < min || v > max) {
            throw error(p, field, "must fit " + ctype + " (" + min + ".." + max + "); value " + v);
        }
        return v;
    }

    /**
     * {@return the 64 bits of a JSON integer in 0..18446744073709551615} (a {@code uint64_t} held
     * as raw bits, {@code UINT64_BITS}): values from 2^63 up come back as negative {@code long}s with
     * the same bits ({@link Long#parseUnsignedLong}). A negative number, one above 2^64-1, a
     * non-integral number or any other token is an error naming the field and the JSON path.
     *
     * @param p the parser, at the value
     * @param field the struct field for the message
     */
    public static long readUint64(JsonParser p, String field) {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw wrongToken(p, field, "an integer (uint64_t, 0..18446744073709551615)");
        }
        if (p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            java.math.BigInteger v = p.getBigIntegerValue();
            if (v.signum() < 0 || v.bitLength() > 64) {
                throw error(p, field, "must fit uint64_t (0..18446744073709551615); value " + abbreviate(p.getString()));
            }
            return v.longValue();
        }
        long v = p.getLongValue();
        if (v < 0) {
            throw error(p, field, "must fit uint64_t (0..18446744073709551615); value " + v);
        }
        return v;
    }

    /** {@return the number at the current token, or NaN/±Infinity from Jackson's strings} */
    public static double readDouble(JsonParser p, String field) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            double v = p.getDoubleValue();
            if (Double.isInfinite(v)) {
                // databind would store Infinity; a finite number that overflows is refused instead.
                throw error(p, field, "the number " + abbreviate(p.getString()) + " is outside the double range (write \"Infinity\" for infinity)");
            }
            return v;
        }
        if (t == JsonToken.VALUE_STRING) {
            switch (p.getString()) {
                case "NaN" -> { return Double.NaN; }
                case "Infinity" -> { return Double.POSITIVE_INFINITY; }
                case "-Infinity" -> { return Double.NEGATIVE_INFINITY; }
                default -> { }
            }
        }
        throw wrongToken(p, field, "a number or \"NaN\", \"Infinity\", \"-Infinity\"");
    }

    /** {@return the float at the current token, parsed as Jackson's databind parses a {@code float}} */
    public static float readFloat(JsonParser p, String field) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            float v = p.getFloatValue();
            if (Float.isInfinite(v)) {
                throw error(p, field, "the number " + abbreviate(p.getString()) + " is outside the float range (write \"Infinity\" for infinity)");
            }
            return v;
        }
        return (float) readDouble(p, field);
    }

    /** {@return the boolean at the current token} */
    public static boolean readBoolean(JsonParser p, String field) {
        return switch (p.currentToken()) {
            case VALUE_TRUE -> true;
            case VALUE_FALSE -> false;
            default -> throw wrongToken(p, field, "true or false");
        };
    }

    /** {@return the one-character string at the current token} */
    public static char readChar(JsonParser p, String field) {
        if (p.currentToken() == JsonToken.VALUE_STRING) {
            String s = p.getString();
            if (s.length() == 1) {
                return s.charAt(0);
            }
            throw error(p, field, "expected a one-character string, got " + s.length() + " UTF-16 units");
        }
        throw wrongToken(p, field, "a one-character string");
    }

    /** {@return the string at the current token} */
    public static String readString(JsonParser p, String field) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw wrongToken(p, field, "a string");
        }
        return p.getString();
    }

    /**
     * Stores the string at the current token into a fixed text member, exactly as the generated
     * {@code RStruct} setter would store the equal {@code String}: same checks, same bytes, same
     * {@link StructValueException} on failure. Text whose characters all take one byte (US-ASCII,
     * or ISO-8859-1 for a Latin-1 member) is copied from the parser's own character buffer without
     * building a {@code String}, and so is other valid UTF-8 text that fits; overlong or invalid text takes the
     * setter's path (truncation where declared, else its error).
     *
     * @param p the parser, on the value
     * @param segment the segment; the caller has checked that the struct lies inside it
     * @param offset the byte offset of the member
     * @param encoding the member's encoding
     * @param capacity the member size in bytes
     * @param nulTerminated whether a NUL byte must follow the text inside the capacity
     * @param truncate whether the member was declared to cut overlong text
     * @param zeroed whether the member's bytes are all zero already (fresh scratch memory), so no NUL padding is written
     * @param struct the record's simple name, for errors
     * @param component the component name, for errors
     * @param field {@code Record.component}, for the wrong-token error
     * @throws StructJsonException if the token is not a string
     * @throws StructValueException if the text does not fit the member (which may then hold part of it: the
     *     generated readers decode into scratch memory and copy only whole valid structs)
     */
    public static void readText(JsonParser p, MemorySegment segment, long offset, TextEncoding encoding, int capacity,
                                boolean nulTerminated, boolean truncate, boolean zeroed, String struct, String component,
                                String field) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw wrongToken(p, field, "a string");
        }
        char[] chars = p.getStringCharacters();
        int start = p.getStringOffset();
        int length = p.getStringLength();
        // getString() checks StreamReadConstraints.maxStringLength; reading the buffer does not, so check here
        p.streamReadConstraints().validateStringLength(length);
        if (!FixedStrings.storeSingleByte(segment, offset, chars, start, length, encoding, capacity, nulTerminated, zeroed)
                && (encoding != TextEncoding.UTF_8
                    || !FixedStrings.storeUtf8(segment, offset, chars, start, length, capacity, nulTerminated, zeroed))) {
            String text = new String(chars, start, length);
            int n = FixedStrings.storedLength(text, encoding, capacity, nulTerminated, truncate, struct, component);
            FixedStrings.store(segment, offset, text, n, encoding, capacity);
        }
    }

    /** {@return the Base64 bytes at the current token, exactly {@code length} of them} */
    public static byte[] readBase64(JsonParser p, int length, String field) {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw wrongToken(p, field, "a Base64 string of " + length + " bytes");
        }
        byte[] b;
        try {
            b = p.getBinaryValue();
        } catch (JacksonException e) { // the parser is still in step: this is a bad value, not bad JSON
            throw error(p, field, "invalid Base64: " + e.getOriginalMessage());
        }
        if (b.length != length) {
            throw error(p, field, "expected exactly " + length + " bytes, got " + b.length);
        }
        return b;
    }

    /** Checks that the current token starts an array. */
    public static void startArray(JsonParser p, String field, int length) {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            throw wrongToken(p, field, "an array of exactly " + length + " elements");
        }
    }

    /** Moves to the next element; fails if the array ends early. */
    public static void element(JsonParser p, String field, int index, int length) {
        if (p.nextToken() == JsonToken.END_ARRAY) {
            throw error(p, field, "array length must be exactly " + length + ", got " + index);
        }
    }

    /** Moves past the last element; fails if more follow. */
    public static void endArray(JsonParser p, String field, int length) {
        if (p.nextToken() != JsonToken.END_ARRAY) {
            throw error(p, field, "array length must be exactly " + length + ", got more");
        }
    }

    /** Checks that the current token starts an object. */
    public static void startObject(JsonParser p, String struct) {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw wrongToken(p, struct, "an object");
        }
    }

    /** {@return the error for a property that appears twice} */
    public static StructJsonException duplicate(JsonParser p, String field) {
        return error(p, field, "duplicate property");
    }

    /**
     * {@return the error for a renamed component's property that appears twice, under any of its names}
     *
     * @param names the component's JSON names: the current one, then its former ones ({@code @FormerName})
     */
    public static StructJsonException duplicate(JsonParser p, String field, java.util.List<String> names) {
        return error(p, field, "duplicate property: \"" + p.currentName() + "\" is one of the names " + names
                + " of one component (its name and its former names), and the object holds it twice");
    }

    /** {@return the error for an unknown property} */
    public static StructJsonException unknown(JsonParser p, String struct, String name) {
        return error(p, struct, "unknown property \"" + name + "\" (the record does not ignore unknown properties)");
    }

    /** {@return the error for a missing property} */
    public static StructJsonException missing(JsonParser p, String struct, String name) {
        return error(p, struct, "missing required property \"" + name + "\" (no silent defaults)");
    }

    /**
     * {@return the error for a required property that is absent under its name and under each of its former names
     * ({@code @FormerName}), which a document of an older version may use instead}
     *
     * @param p the parser, at the end of the object
     * @param struct the struct's name, for the message
     * @param name the property's JSON name
     * @param formerNames its former JSON names, possibly none
     */
    public static StructJsonException missing(JsonParser p, String struct, String name, String[] formerNames) {
        if (formerNames.length == 0) {
            return missing(p, struct, name);
        }
        StringBuilder names = new StringBuilder();
        for (String f : formerNames) {
            names.append(names.isEmpty() ? "" : ", ").append('"').append(f).append('"');
        }
        return error(p, struct, "missing required property \"" + name + "\" (or its former name " + names
                + ") (no silent defaults)");
    }
}
