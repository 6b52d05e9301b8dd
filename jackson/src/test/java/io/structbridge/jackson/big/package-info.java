/** Structs of tens to hundreds of megabytes, read in small heaps by forked JVMs ({@code SmallHeapTest}). */
package io.structbridge.jackson.big;
