package io.structbridge.processor.layout;

/**
 * The two ABIs structbridge lays structs out for. They agree on every construct except the effect
 * of zero-width bit-fields on a struct's alignment (measured with gcc 12 and aarch64-linux-gnu-gcc 12).
 */
public enum Abi {
    /** System V AMD64 psABI (x86-64 Linux). */
    SYSV_X86_64,
    /** AAPCS64 (AArch64 Linux). */
    AAPCS64
}
