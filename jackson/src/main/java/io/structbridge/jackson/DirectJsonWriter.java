package io.structbridge.jackson;

import io.structbridge.runtime.TextEncoding;
import io.structbridge.runtime.Utf8;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.io.CharTypes;
import tools.jackson.core.io.NumberOutput;
import tools.jackson.core.io.SerializedString;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.json.JsonWriteContext;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.core.json.UTF8JsonGenerator;

/**
 * Writes the elements of a generated {@code writeArray} as JSON bytes straight into the generator's
 * {@link OutputStream}, giving the bytes the generator would give, without a generator call per value.
 *
 * <p>{@link #open} accepts only a generator whose output it can reproduce: Jackson's
 * {@link UTF8JsonGenerator} itself (no subclass) over an {@code OutputStream}, from a {@link JsonFactory}
 * with the default quote character (the factory of its {@code ObjectWriteContext}, as a mapper's
 * {@code createGenerator} makes it), not closed, without a pretty printer or {@code CharacterEscapes},
 * escaping no non-ASCII character ({@code ESCAPE_NON_ASCII} off, no highest non-escaped character),
 * with {@code QUOTE_PROPERTY_NAMES} on and {@code WRITE_NUMBERS_AS_STRINGS} off, and room for one more
 * nesting level. {@code ESCAPE_FORWARD_SLASHES} and {@code WRITE_HEX_UPPER_CASE} are read and applied as
 * the generator applies them. For any other generator {@code open} returns {@code null} and the caller
 * writes through the generator.
 *
 * <p>Floating-point values: with {@code USE_FAST_DOUBLE_WRITER} on, the generator's own
 * {@code NumberOutput.outputDouble/outputFloat} (Jackson's Schubfach writer). With it off the generator writes
 * {@link Double#toString(double)} and {@link Float#toString(float)}; this writer gives the same characters without a
 * {@code String} per value by calling the Schubfach writer for zero and normal values, where the two agree
 * ({@code FloatingPointDigitsTest}, with the JDK as the oracle; every one of the 2^32 float bit patterns was
 * compared once), and the JDK's method for subnormals, where they differ (4.9E-324 against 5.0E-324).
 *
 * <p>Values the writer does not reproduce (non-finite floats, text that is not US-ASCII or UTF-8 of the
 * BMP, text of a {@code LATIN_1} member with a byte above 0x7F) make the element methods return false: the
 * caller then calls {@link #abandon}, which drops the element's partial bytes, and writes that element through
 * the generator. Bytes are buffered (64 KiB, or more for a large struct) and handed to the stream in order
 * with what the generator buffered; the generator's array context counts every element, so the generator
 * continues the array correctly after {@link #finish}. Not thread-safe: one writer per {@code writeArray} call.
 */
public final class DirectJsonWriter {
    private static final int BUFFER = 1 << 16;
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private final JsonGenerator generator;
    private final OutputStream out;
    private final JsonWriteContext context;
    private final int[] escapes;
    private final byte[] hex;
    private final boolean fastFloats;
    private byte[] buf;
    private int pos;
    private int elements;
    private int elementStart;
    private boolean generatorHasBytes;
    private final long slashes;

    private DirectJsonWriter(JsonGenerator generator, OutputStream out, JsonWriteContext context, boolean escapeSlash,
                             boolean upperHex, boolean fastFloats, int structBytes) {
        this.generator = generator;
        this.out = out;
        this.context = context;
        this.escapes = CharTypes.get7BitOutputEscapes('"', escapeSlash);
        this.hex = CharTypes.copyHexBytes(upperHex);
        this.fastFloats = fastFloats;
        this.slashes = escapeSlash ? 0x2f2f2f2f2f2f2f2fL : 0x2222222222222222L; // no slash escapes: test '"' twice
        this.buf = new byte[Math.max(BUFFER, 2 * structBytes)];
    }

    /**
     * {@return a writer for the elements of the array the generator has just started, or null if the generator does
     * not qualify (see the class comment)} Call right after {@code generator.writeStartArray()}; flushes the generator.
     *
     * @param generator the generator, its current context the array just started
     * @param structBytes the most bytes one element can take (the generated {@code JSON_MAX_BYTES})
     */
    public static DirectJsonWriter open(JsonGenerator generator, int structBytes) {
        if (generator.getClass() != UTF8JsonGenerator.class || generator.isClosed()
                || !(generator.streamWriteOutputTarget() instanceof OutputStream out)
                || generator.getPrettyPrinter() != null || generator.getCharacterEscapes() != null
                || generator.getHighestNonEscapedChar() != 0
                || !(generator.streamWriteContext() instanceof JsonWriteContext context) || !context.inArray()
                || context.getNestingDepth() + 1 > generator.streamWriteConstraints().getMaxNestingDepth()) {
            return null;
        }
        UTF8JsonGenerator g = (UTF8JsonGenerator) generator;
        if (!g.isEnabled(JsonWriteFeature.QUOTE_PROPERTY_NAMES) || g.isEnabled(JsonWriteFeature.WRITE_NUMBERS_AS_STRINGS)
                || g.isEnabled(JsonWriteFeature.ESCAPE_NON_ASCII)) {
            return null;
        }
        TokenStreamFactory factory = g.objectWriteContext() == null ? null : g.objectWriteContext().tokenStreamFactory();
        if (!(factory instanceof JsonFactory json) || json.rebuild().quoteChar() != '"') {
            return null;
        }
        generator.flush();
        return new DirectJsonWriter(generator, out, context, g.isEnabled(JsonWriteFeature.ESCAPE_FORWARD_SLASHES),
                g.isEnabled(JsonWriteFeature.WRITE_HEX_UPPER_CASE), g.isEnabled(StreamWriteFeature.USE_FAST_DOUBLE_WRITER),
                structBytes);
    }

    /**
     * {@return the bytes the generator writes for the property name, quoted and escaped, with the colon} Preceded
     * by a comma unless {@code first}.
     *
     * @param name the property name
     * @param first whether it is the object's first property
     */
    public static byte[] name(String name, boolean first) {
        byte[] quoted = new SerializedString(name).asQuotedUTF8();
        int start = first ? 0 : 1;
        byte[] b = new byte[quoted.length + 3 + start];
        b[0] = ',';
        b[start] = '"';
        System.arraycopy(quoted, 0, b, start + 1, quoted.length);
        b[b.length - 2] = '"';
        b[b.length - 1] = ':';
        return b;
    }

    /**
     * Starts an element: room for {@code structBytes} of {@link #open}, the separator and {@code '{'}.
     *
     * @return the position to give {@link #abandon} if a value of the element cannot be written here
     */
    public int beginObject() {
        if (buf.length - pos < buf.length / 2) {
            drain();
        }
        int mark = pos;
        elementStart = mark;
        if (elements > 0) {
            buf[pos++] = ',';
        }
        buf[pos++] = '{';
        return mark;
    }

    /** Ends an element: {@code '}'}, counted in the generator's array context. */
    public void endObject() {
        buf[pos++] = '}';
        context.writeValue();
        elements++;
    }

    /**
     * Drops the bytes of an element begun at {@code mark} and hands what came before it to the stream, so the caller
     * can write the element through the generator (which then writes the separator and counts it).
     *
     * @param mark the value {@link #beginObject} returned
     * @return false, for {@code return writer.abandon(mark)}
     */
    public boolean abandon(int mark) {
        pos = mark;
        drain();
        generatorHasBytes = true;
        elements++;
        return false;
    }

    /**
     * Drops the bytes of the element begun last and hands the earlier ones to the stream, for an element whose
     * stored values turned out invalid (the caller then throws).
     */
    public void dropElement() {
        pos = elementStart;
        drain();
    }

    /** Writes precomputed bytes (a {@link #name}). @param bytes the bytes */
    public void raw(byte[] bytes) {
        System.arraycopy(bytes, 0, buf, pos, bytes.length);
        pos += bytes.length;
    }

    /** Writes an {@code int} as {@code writeNumber(int)} does. @param v the value */
    public void number(int v) {
        pos = NumberOutput.outputInt(v, buf, pos);
    }

    /** Writes a {@code long} as {@code writeNumber(long)} does. @param v the value */
    public void number(long v) {
        pos = NumberOutput.outputLong(v, buf, pos);
    }

    /** Writes a {@code boolean}. @param v the value */
    public void bool(boolean v) {
        if (v) {
            buf[pos] = 't';
            buf[pos + 1] = 'r';
            buf[pos + 2] = 'u';
            buf[pos + 3] = 'e';
            pos += 4;
        } else {
            buf[pos] = 'f';
            buf[pos + 1] = 'a';
            buf[pos + 2] = 'l';
            buf[pos + 3] = 's';
            buf[pos + 4] = 'e';
            pos += 5;
        }
    }

    /** {@return false for NaN and infinities (the generator writes them), else writes as {@code writeNumber(double)}} @param v the value */
    public boolean number(double v) {
        if (NumberOutput.notFinite(v)) {
            return false;
        }
        pos = fastFloats ? NumberOutput.outputDouble(v, buf, pos) : digits(v, buf, pos);
        return true;
    }

    /** {@return false for NaN and infinities (the generator writes them), else writes as {@code writeNumber(float)}} @param v the value */
    public boolean number(float v) {
        if (NumberOutput.notFinite(v)) {
            return false;
        }
        pos = fastFloats ? NumberOutput.outputFloat(v, buf, pos) : digits(v, buf, pos);
        return true;
    }

    /**
     * Writes the characters of {@link Double#toString(double)} for the finite {@code v} at {@code pos}: Jackson's
     * Schubfach writer for zero and normal values (no {@code String}), {@code Double.toString} itself for
     * subnormals, where the JDK writes at least two digits (4.9E-324) and Jackson the shortest (5.0E-324).
     *
     * @return the position after the last character
     */
    static int digits(double v, byte[] buf, int pos) {
        if (v != 0 && Math.abs(v) < Double.MIN_NORMAL) {
            return ascii(Double.toString(v), buf, pos);
        }
        return NumberOutput.outputDouble(v, buf, pos);
    }

    /** As {@link #digits(double, byte[], int)}, for {@link Float#toString(float)}. @return the position after the last character */
    static int digits(float v, byte[] buf, int pos) {
        if (v != 0 && Math.abs(v) < Float.MIN_NORMAL) {
            return ascii(Float.toString(v), buf, pos);
        }
        return NumberOutput.outputFloat(v, buf, pos);
    }

    private static int ascii(String s, byte[] buf, int pos) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            buf[pos + i] = (byte) s.charAt(i);
        }
        return pos + n;
    }

    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH = 0x8080808080808080L;

    /** {@return the high bit of every byte of {@code w} that is zero (exact for the lowest such byte)} */
    private static long zeros(long w) {
        return (w - ONES) & ~w & HIGH;
    }

    /**
     * Writes a text member as a quoted JSON string, as {@code JsonWriting.writeText} writes it to this generator,
     * checking what {@code JsonWriting.checkText} checks. Text of printable ASCII without a quote or backslash (nor a
     * slash, when slashes are escaped) is copied 8 bytes at a time; other text is copied, classified and escaped.
     *
     * @param segment the segment
     * @param offset the byte offset of the member
     * @param capacity the member size in bytes
     * @param nulTerminated whether a NUL ends the text within the capacity
     * @param encoding the member's encoding
     * @param struct the record's simple name, for errors
     * @param path the component, for errors
     * @return false if the text is valid but not US-ASCII, nor (for UTF-8 members) UTF-8 of the BMP: nothing usable written
     * @throws io.structbridge.runtime.StructValueException if a required NUL is missing or the bytes are not valid in
     *     the encoding (as {@code checkText} throws)
     */
    public boolean text(MemorySegment segment, long offset, int capacity, boolean nulTerminated, TextEncoding encoding,
                        String struct, String path) {
        int p = pos + 1;
        buf[pos] = '"';
        int n = 0;
        for (; n <= capacity - 8; n += 8) {
            long w = segment.get(WORD, offset + n);
            long stop = zeros(w) | ((w - 0x2020202020202020L) & ~w & HIGH) | (w & HIGH)
                    | zeros(w ^ 0x2222222222222222L) | zeros(w ^ 0x5c5c5c5c5c5c5c5cL) | zeros(w ^ slashes);
            LONGS.set(buf, p + n, w);
            if (stop != 0) {
                int at = n + (Long.numberOfTrailingZeros(stop) >>> 3);
                if (buf[p + at] != 0) {
                    return textSlow(segment, offset, capacity, nulTerminated, encoding, struct, path);
                }
                pos = p + at;
                buf[pos++] = '"';
                return true;
            }
        }
        if (n < capacity && (capacity >= 8 || offset + 8 <= segment.byteSize())) {
            // the last r bytes: the member's last word shifted down (a member under 8 bytes: the word at its start,
            // masked), zero bytes shifted in above them
            int r = capacity - n;
            long w = capacity >= 8 ? segment.get(WORD, offset + capacity - 8) >>> (8 * (8 - r))
                    : segment.get(WORD, offset) & ((1L << (8 * r)) - 1);
            long stop = zeros(w) | ((w - 0x2020202020202020L) & ~w & HIGH) | (w & HIGH)
                    | zeros(w ^ 0x2222222222222222L) | zeros(w ^ 0x5c5c5c5c5c5c5c5cL) | zeros(w ^ slashes);
            LONGS.set(buf, p + n, w);
            int at = Long.numberOfTrailingZeros(stop) >>> 3; // the shifted-in zeros stop it at r at the latest
            if (at < r && buf[p + n + at] != 0) {
                return textSlow(segment, offset, capacity, nulTerminated, encoding, struct, path);
            }
            if (at >= r && nulTerminated) {
                return textSlow(segment, offset, capacity, nulTerminated, encoding, struct, path); // throws: no NUL
            }
            pos = p + n + Math.min(at, r);
            buf[pos++] = '"';
            return true;
        }
        for (; n < capacity; n++) {
            byte b = segment.get(ValueLayout.JAVA_BYTE, offset + n);
            if (b == 0) {
                pos = p + n;
                buf[pos++] = '"';
                return true;
            }
            if (b < 0x20 || b == '"' || b == '\\' || escapes[b] != 0) {
                return textSlow(segment, offset, capacity, nulTerminated, encoding, struct, path);
            }
            buf[p + n] = b;
        }
        if (nulTerminated) {
            return textSlow(segment, offset, capacity, nulTerminated, encoding, struct, path); // throws: no NUL
        }
        pos = p + n;
        buf[pos++] = '"';
        return true;
    }

    private boolean textSlow(MemorySegment segment, long offset, int capacity, boolean nulTerminated, TextEncoding encoding,
                             String struct, String path) {
        int n = JsonWriting.textLength(segment, offset, capacity, nulTerminated, struct, path);
        int start = pos + 1;
        buf[pos] = '"';
        MemorySegment.copy(segment, ValueLayout.JAVA_BYTE, offset, buf, start, n);
        int kind = Utf8.classify(buf, start, start + n);
        if (kind == Utf8.MALFORMED || (kind != Utf8.ASCII && encoding == TextEncoding.ASCII)) {
            JsonWriting.checkText(segment, offset, encoding, capacity, nulTerminated, struct, path); // throws
            return false;
        }
        if (kind != Utf8.ASCII && !(kind == Utf8.BMP && encoding == TextEncoding.UTF_8)) {
            return false;
        }
        int[] esc = escapes;
        // escape in place from the end: move the text to the end of its worst-case room first
        int room = 6 * n;
        System.arraycopy(buf, start, buf, start + room - n, n);
        int p = start;
        for (int i = start + room - n, end = start + room; i < end; i++) {
            int b = buf[i];
            if (b < 0 || esc[b] == 0) {
                buf[p++] = (byte) b;
            } else if (esc[b] > 0) {
                buf[p++] = '\\';
                buf[p++] = (byte) esc[b];
            } else {
                buf[p++] = '\\';
                buf[p++] = 'u';
                buf[p++] = '0';
                buf[p++] = '0';
                buf[p++] = hex[b >> 4];
                buf[p++] = hex[b & 0xF];
            }
        }
        pos = p;
        buf[pos++] = '"';
        return true;
    }

    /** Hands every buffered byte to the stream; call after the last element, before {@code writeEndArray}. */
    public void finish() {
        drain();
    }

    private void drain() {
        if (generatorHasBytes) {
            generator.flush();
            generatorHasBytes = false;
        }
        if (pos > 0) {
            try {
                out.write(buf, 0, pos);
            } catch (IOException e) {
                throw JacksonIOException.construct(e, generator);
            }
            pos = 0;
        }
    }

    /** {@return the most bytes a text member of {@code capacity} bytes takes here: quotes and every byte escaped} @param capacity the capacity */
    public static long textBytes(int capacity) {
        return 2 + 6L * capacity;
    }
}
