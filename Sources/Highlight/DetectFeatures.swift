/// Weighted evidence per language, one line at a time. A language line names it
/// (`ts < js` inherits js's features); indented lines are evidence
/// (`kind pattern weight`, the pattern may contain spaces): `w` whole word, `s` substring, `^` line prefix, `$` line suffix, `=` whole line,
/// `v` a `$name` variable, `p` a CSS declaration, `t` a tab-indented line, `x` a make target.
/// Weights were tuned by reading the misreads of the detection benchmark (Benchmarks/highlight/README.md);
/// check them on a fresh sample (another seed) before trusting a new figure.
enum DetectFeatures {
    static let table = appleAndWeb + "\n" + rest

    /// Swift, Kotlin, Java, JavaScript and TypeScript.
    static let appleAndWeb = #"""
swift
  w func 2
  w guard 3
  ^ import Foundation 6
  ^ import SwiftUI 6
  ^ import UIKit 6
  ^ import XCTest 6
  ^ import Testing 4
  s \( 2
  s if let 3
  s guard let 3
  s case . 2
  w nil 1.5
  s self. 0.5
  s @MainActor 5
  s @State 4
  s @Published 5
  s @objc 5
  s @escaping 6
  s @available 5
  s @Test 3
  w inout 4
  s some View 6
  s private(set) 6
  w init 1.5
  w deinit 5
  s ?? 1
  w fileprivate 6
  w associatedtype 6
  w typealias 3
  w extension 2
  w protocol 2.5
  w struct 1
  w let 1
  s try await 2
  s [String: 4
  s $0 2
  w Int 0.5
  w Sendable 3
  w mutating 5
  w throws 2
  s -> 1
  s XCTAssert 6
  s @testable 8
  s #expect 6
  s #require 4
  s static var 1.5
  s static let 2
  s .init( 3
  s (_ 4
  s : some 4
  s [String] 3
  s .self 3
  s @inlinable 6
  s @usableFromInline 8
  w nonisolated 6
  w rawValue 2
  w CustomStringConvertible 4
  w Never 1.5
  s case . 1
  s case let 3
  w internal 0.5
  w public 0.3
  s } else { 0.3
  s : [ 1
  $ ; -1.5
  w fun -3
  w val -2
  w def -2
  s :: -1
kotlin
  w fun 4
  w val 3
  w var 0.5
  s override fun 4
  s data class 5
  s companion object 7
  w object 1
  s println( 1.5
  w when 2.5
  s it. 2
  s ?.let 5
  w listOf 4
  w mutableListOf 5
  w mapOf 3
  ^ import kotlinx 7
  ^ import android 3
  s : Int 0.5
  w lateinit 7
  w suspend 4
  s ${ 0.5
  s -> 0.5
  w Unit 3
  s !! 3
  w internal 1
  s .apply { 4
  s .also { 4
  w emptyList 5
  s : Boolean 2
  w vararg 6
  w sealed 1
  w init 0.5
  $ ; -1.5
  w func -3
  w let -1
  w def -2
  s ::class 3
  s override val 5
  s override var 5
  s private fun 5
  s inline fun 6
  s this@ 8
  s @Jvm 7
  s object : 6
  s by lazy 8
  w reified 8
  s ?: 1.5
java
  ^ import java. 5
  ^ import javax. 5
  s System.out 6
  s public class 4
  s public static void main 6
  w void 1.5
  s private final 2
  s private static 1
  s @Override 3
  w extends 1
  w implements 3
  w new 1
  $ ; 1
  s String[] 4
  w public 1
  w private 0.5
  w throws 3
  s ArrayList< 3
  w boolean 2
  w final 1
  w instanceof 4
  s .class 1
  w fun -3
  w val -1
  w func -3
  w let -2
  w const -2
  s => -2
js
  ^ #!/usr/bin/env node 12
  w const 1.5
  w let 1
  w function 2
  s => 1.5
  s require( 4
  s module.exports 6
  s console. 3
  s this. 1.5
  s function( 3
  s function ( 2
  s process. 3
  s }) 2
  s .prototype. 4
  s require(" 2
  s document. 4
  s === 3
  s !== 3
  w var 1
  w undefined 1.5
  s window. 4
  s .then( 3
  s export default 2
  ^ import 0.5
  s }); 2
  s prototype 4
  w typeof 2
  w this 0.5
  s .length 0.5
  s .push( 1
  $ ; 0.5
  ^ // 0.5
  w func -3
  w fun -3
  w def -2
  w val -1
  s := -2
  s :: -2
  w elif -3
  w self -2
ts < js
  s : string 3
  s : number 4
  s : boolean 3
  w interface 2
  s : any 3
  s as const 4
  s ?: 3
  w keyof 5
  w readonly 2
  s Promise< 3
  s : void 3
  ^ type 2
  s ): 1
  w implements 1
  s private 0.5
  w namespace 1
  s <T> 1
  w enum 1
"""#
}
