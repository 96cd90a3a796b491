/// Weighted evidence per language, one line at a time. A language line names it
/// (`ts < js` inherits js's features); indented lines are evidence
/// (`kind pattern weight`, the pattern may contain spaces): `w` whole word, `s` substring, `^` line prefix, `$` line suffix, `=` whole line,
/// `v` a `$name` variable, `p` a CSS declaration, `t` a tab-indented line, `x` a make target.
/// Weights were tuned by reading the misreads of the detection benchmark (Benchmarks/highlight/README.md);
/// check them on a fresh sample (another seed) before trusting a new figure.
enum DetectFeatures {
    static let table = #"""
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
python
  ^ #!/usr/bin/env python 12
  ^ #!/usr/bin/python 12
  w def 3
  ^ # -0.3
  w self 1
  s self. 1.5
  ^ import 1
  ^ from 1.5
  w elif 5
  w None 3
  w True 1.5
  w False 1.5
  $ : 1
  s print( 1
  s __init__ 5
  s (self 4
  s self, 2
  s .append( 1.5
  s == None 4
  s return self 2
  s __name__ 5
  w lambda 2
  s """ 2
  w pass 2
  w except 4
  w raise 2
  s is not 3
  s not in 3
  w and 0.5
  w isinstance 4
  w kwargs 4
  w nonlocal 5
  s f" 1
  w cls 2
  s ): 0.5
  $ ; -2
  s { -0.5
  s } -0.5
  w func -3
  w fun -3
  w end -1
  w var -1
  w let -2
  s -> 0
go
  ^ package 1.5
  ^ func 2.5
  s func ( 4
  s := 4
  s fmt. 5
  s err != nil 7
  w nil 1.5
  s go func 6
  w chan 5
  w defer 2
  ^ import ( 5
  s struct { 2
  ^ type 1
  s []string 5
  s []byte 5
  s map[string] 6
  w range 2
  s <- 3
  w make 2
  s errors.New 6
  s unsafe.Pointer 6
  s , err 3
  s err error 5
  s ) error 4
  s nil, 3
  s []int 4
  w int64 1
  w uint64 1
  w int32 1
  w uint16 1
  w uint8 1
  s ]byte 3
  s *testing.T 8
  w fun -3
  w def -2
  w let -2
  w self -2
  $ ; -1
rust
  w fn 4
  s let mut 6
  w impl 4
  s pub fn 5
  s -> 1
  s :: 2
  s &self 6
  s &mut 5
  w Some 2
  w Err 1.5
  w match 1.5
  ^ use 2
  s use std:: 6
  s #[derive 8
  s #[ 3
  s println! 6
  s unwrap() 5
  s Vec< 4
  s &str 6
  w mut 4
  w pub 2
  w crate 5
  w trait 2
  s macro_rules! 8
  s .iter() 3
  w usize 5
  w u8 3
  w i32 3
  w u32 2
  w Option 2
  s ::new( 4
  w fun -3
  w def -2
  w func -3
c
  ^ #include 4
  s printf( 3
  s int main( 4
  w NULL 3
  s malloc( 5
  w sizeof 3
  w struct 1.5
  s char * 4
  ^ static 1
  w typedef 4
  w void 1
  ^ #define 3
  ^ #if 1
  ^ #endif 2
  s -> 1.5
  w unsigned 3
  w int 1
  w const 0.5
  $ ; 0.5
  w size_t 3
  s uint32_t 3
  s (void) 3
  s static inline 5
  ^ #ifdef 5
  ^ #ifndef 5
  s const char * 5
  s ; i++ 3
  s /* 1
  s */ 1
  w extern 2
  w fun -3
  w def -2
  w func -3
  w let -3
  w val -2
  w var -2
  s => -2
cpp < c
  s std:: 5
  s template< 6
  s template < 5
  s public: 6
  s private: 6
  s protected: 6
  w nullptr 7
  w auto 2
  s cout 5
  w namespace 4
  w class 1.5
  w virtual 5
  w override 2
  s const& 4
  w constexpr 6
  w noexcept 6
  w typename 5
  w template 3
  w operator 3
  w bool 1
  s :: 1.5
objc < c
  s @interface 8
  s @implementation 8
  s @property 6
  s @end 5
  s NSString 6
  s [self 5
  ^ #import 4
  s @" 5
  ^ - ( 4
  ^ + ( 3
  w YES 3
  s alloc] 6
csharp
  ^ using System 8
  ^ using 2
  w namespace 2
  s { get; 7
  s set; } 6
  s Console.Write 8
  s public class 2
  w var 1
  s async Task 7
  w string 1.5
  w override 1
  w readonly 2
  s List< 1
  w void 1
  $ ; 0.5
  w internal 2
  w sealed 3
  s IEnumerable< 6
  w foreach 4
  s nameof( 6
  w fun -3
  w func -3
  w def -2
ruby
  ^ #!/usr/bin/env ruby 12
  w def 2
  = end 4
  ^ require ' 4
  ^ require_relative 8
  w puts 4
  s do | 6
  s .each 3
  w attr_accessor 8
  w attr_reader 8
  ^ module 3
  w elsif 6
  w unless 4
  w nil 1.5
  s #{ 5
  s { | 5
  s ||= 4
  w rescue 6
  w begin 1
  s  < Struct 5
  s .new 1
  ^ class 1
  w end 1
  $ ; -1.5
  s { -0.5
  w func -3
  w fun -3
  w var -2
  w let -2
  w const -2
  w self 0.5
php
  s <?php 10
  s $this-> 8
  w function 1
  v  1.5
  s -> 0.5
  s => 0.5
  w echo 2
  s array( 4
  s ::class 3
  w foreach 2
  s ' . ' 3
  w isset 6
  ^ require_once 6
  s ->get 2
  s $d-> 2
  s $_ 3
  w namespace 1
  w public 0.5
  $ ; 0.5
bash
  ^ #!/bin/bash 10
  ^ #!/bin/sh 10
  ^ #!/usr/bin/env bash 10
  ^ #!/usr/bin/env sh 10
  w echo 2
  s if [ 6
  s if [[ 7
  = fi 6
  $ ; then 6
  = then 4
  = done 4
  $ ; do 6
  = esac 8
  w export 2
  s $( 4
  s ${ 1.5
  w sudo 4
  s apt-get 5
  s | grep 4
  s >/dev/null 5
  s 2>&1 5
  w local 1.5
  s mkdir -p 6
  s rm -rf 5
  w fi 4
  s "$ 3
  v  1
  w esac 6
  s ;; 4
  s || exit 5
  s ) ;; 5
  w func -3
  w fun -3
  w def -2
powershell
  s Get- 5
  s Set- 4
  s Write-Host 8
  s $_. 4
  s -eq 4
  s -ne 3
  s [string] 4
  s param( 5
  s ForEach-Object 6
  s $env: 6
  s -Path 4
  s New-Object 6
  s Write-Output 6
  v  1
css
  p  3
  ^ @media 8
  ^ @import 4
  s !important 5
  s :hover 5
  $ { 0.3
  = } 0.3
  s px; 4
  s em; 3
  s rem; 4
  s #fff 2
  s rgba( 4
scss < css
  ^ @include 8
  ^ @mixin 8
  s &: 6
  s &. 5
  V  4
  ^ // 0.5
toml
  ^ [ 1
  s = " 2
  s = true 2
  s = false 2
  s = [ 2
  s [[ 3
  s = { 2
ini
  ^ [ 1.5
  ^ ; 2
makefile
  x  2
  ^ .PHONY 10
  s $@ 6
  s $< 6
  s $^ 6
  s $(CC) 6
  s ?= 4
  s $( 1
  ^ include 1
  ^ ifeq 6
  ^ ifdef 3
  ^ endif 2
groovy
  s dependencies { 6
  s implementation ' 8
  s implementation " 6
  ^ apply plugin 8
  s plugins { 5
  w def 1
  ^ task 3
  s android { 5
  w repositories 5
  s testImplementation 8
scala
  s case class 8
  w implicit 7
  s extends App 8
  ^ import scala 8
  w object 2
  w def 1.5
  w val 1.5
  w trait 2
  s Seq( 3
  s : Unit 5
  s Option[ 6
  s Future[ 5
  s [T] 3
  s => 1
  w lazy 2
  w sealed 1
dart
  s void main() 4
  w final 1.5
  s Widget build 10
  s @override 4
  s import 'package: 10
  w late 3
  s setState( 8
  s StatelessWidget 10
  s StatefulWidget 10
  w required 2
  s Future< 3
  $ ; 1
markdown
  ^ ## 4
  ^ # 0.5
  s ]( 3
  ^ - [ 4
  ^ ``` 8
  ^ > 1
  s ** 2
  ^ 1. 1
protobuf
  ^ syntax = "proto 10
  ^ message 5
  w repeated 6
  ^ service 4
  w rpc 6
  w returns 4
  ^ option 3
  w int32 0.5
  $ ; 1
  s = 1; 2
sql
  w SELECT 3
  w FROM 1.5
  w WHERE 2
  w INSERT 3
  w INTO 2
  w VALUES 2
  w CREATE 3
  w TABLE 2
  w FUNCTION 2
  w RETURNS 3
  w LANGUAGE 2
  w ALTER 3
  w INDEX 2
  w JOIN 3
  w PRIMARY 3
  w VARCHAR 4
  w INTEGER 2
  w NULL 1
  w BEGIN 1
  w COMMENT 1
  w GRANT 3
  w DROP 3
  w EXISTS 2
  w IMMUTABLE 4
  w STRICT 2
  s NOT NULL 3
  ^ -- 3
  $ ; 0.3
html
  <  2.5
  s </ 1.5
  ^ < 1
  s <a href 4
  s <div 3
  s <p> 3
  s </p> 3
  s <br 3
  s <li> 3
  s <td 3
  s <tr 3
  s <span 3
  s class=" 2
  s &nbsp; 4
  s <h1 3
  s <h2 3
  s <code> 3
  s <img 3
  s <table 3
  s <b> 3
  s <i> 2
  s <em> 3
  s <strong> 3
  s href=" 3
  s <!-- 3
xml
  ^ <?xml 10
  ^ < 1
  s </ 1
  s /> 1.5
  s xmlns 5
  s <!-- 1
yaml
  k  1.5
  ^ - 0.3
  ^ # 0.3
  $ , -1
  $ { -1
  $ ; -1
graphql
  ^ query 4
  ^ mutation 6
  ^ fragment 6
  s ... on 8
  ^ type 1
  ^ input 2
  w ID 2
"""#
}
