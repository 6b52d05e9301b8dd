package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads the NUL-terminated text a C {@code char *} member points to ({@code @Pointer(cString = true)}),
 * for generated code. The scan is bounded and stops at the first NUL, so it never reads past the
 * terminator of a well-formed C string.
 */
public final class CStrings {
    private CStrings() {}

    /**
     * {@return {@code pointer} sized to {@code size} bytes, or {@code MemorySegment.NULL} for a null pointer}
     * What a typed pointer member ({@code @Pointer(target = T.class)}) reads: the size is taken on trust
     * from the declaration, a restricted FFM operation ({@code reinterpret}; run with
     * {@code --enable-native-access}).
     *
     * @param pointer the zero-length segment FFM read from the member
     * @param size the target struct's size in bytes
     */
    @SuppressWarnings("restricted")
    public static MemorySegment sized(MemorySegment pointer, long size) {
        return pointer.address() == 0 ? MemorySegment.NULL : pointer.reinterpret(size);
    }

    /**
     * {@return the UTF-8 text at {@code pointer}, up to (not including) the first NUL}
     *
     * <p>Reading through a raw address is a restricted FFM operation ({@code reinterpret}): run with
     * {@code --enable-native-access}. The address must point to readable memory holding a NUL within
     * {@code maxBytes + 1} bytes, as C requires of a string.
     *
     * @param pointer the pointer read from the member (any size; its address is used)
     * @param maxBytes the most bytes of text before the NUL, at least 0
     * @param struct the record's simple name, for errors
     * @param path the component, for errors
     * @throws StructValueException if the pointer is NULL, no NUL comes within {@code maxBytes} bytes, or the
     *     text is not valid UTF-8
     * @throws IllegalArgumentException if {@code maxBytes} is negative
     */
    @SuppressWarnings("restricted")
    public static String read(MemorySegment pointer, long maxBytes, String struct, String path) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must be at least 0: " + maxBytes);
        }
        if (pointer.address() == 0) {
            throw new StructValueException(struct, path, "is a NULL char pointer; there is no text to read", null, -1);
        }
        long limit = maxBytes == Long.MAX_VALUE ? maxBytes : maxBytes + 1;
        MemorySegment s = pointer.byteSize() >= limit ? pointer : pointer.reinterpret(limit);
        long n = 0;
        while (n < limit && s.get(ValueLayout.JAVA_BYTE, n) != 0) {
            n++;
        }
        if (n > maxBytes) {
            throw new StructValueException(struct, path, "no NUL terminator within " + maxBytes + " bytes at address 0x"
                    + Long.toHexString(pointer.address()), null, -1);
        }
        if (n > Integer.MAX_VALUE - 8) {
            throw new StructValueException(struct, path, "text of " + n + " bytes is longer than a Java String holds", null, -1);
        }
        byte[] bytes = s.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new StructValueException(struct, path, "text is not valid UTF-8", null, -1);
        }
    }
}
