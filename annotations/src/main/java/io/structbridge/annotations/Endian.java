package io.structbridge.annotations;

/** Byte order of a scalar member in native memory. */
public enum Endian {
    /** The byte order of the machine that runs the code ({@code ByteOrder.nativeOrder()}). */
    NATIVE,
    /** Least significant byte first (x86-64, AArch64 Linux). */
    LITTLE,
    /** Most significant byte first ("network byte order", RFC 1700; TZif; Java class files). */
    BIG
}
